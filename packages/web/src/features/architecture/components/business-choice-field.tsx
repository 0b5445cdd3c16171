import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import Clear from '@mui/icons-material/Clear';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusinesses } from '@/features/businesses/api/get-businesses';
import { BusinessPickerDialog } from '@/features/businesses/components/business-picker-dialog';
import { buildBusinessTree, businessPath } from '@/features/businesses/lib/business-tree';

interface BusinessChoiceFieldProps {
  label: string;
  value: string | null;
  onChange: (businessId: string | null) => void;
  /** A filter may be cleared; a required choice may not. */
  clearable?: boolean;
  /** What the field shows while no business is chosen. */
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
}

/** A business chosen from the business-tree picker (SPEC section 2), shown by its path from the top of the tree. */
export function BusinessChoiceField({
  label,
  value,
  onChange,
  clearable,
  placeholder,
  required,
  disabled,
  error,
}: BusinessChoiceFieldProps) {
  const { t } = useTranslation();
  const businesses = useBusinesses();
  const tree = useMemo(() => buildBusinessTree(businesses.data ?? []), [businesses.data]);
  const [picking, setPicking] = useState(false);
  const shown = value ? (tree.byId.has(value) ? businessPath(tree, value) : '') : '';

  return (
    <>
      <TextField
        size="small"
        fullWidth
        label={label}
        value={shown}
        placeholder={placeholder ?? t('arch.business.none')}
        required={required}
        disabled={disabled}
        error={Boolean(error)}
        helperText={error}
        onClick={() => !disabled && setPicking(true)}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { readOnly: true, style: { cursor: disabled ? undefined : 'pointer' } },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                {clearable && value && !disabled && (
                  <IconButton
                    size="small"
                    aria-label={t('arch.business.clear')}
                    onClick={(event) => {
                      event.stopPropagation();
                      onChange(null);
                    }}
                  >
                    <Clear fontSize="small" />
                  </IconButton>
                )}
                <IconButton
                  size="small"
                  edge="end"
                  disabled={disabled || !businesses.data}
                  aria-label={t('arch.business.choose', { field: label })}
                  onClick={(event) => {
                    event.stopPropagation();
                    setPicking(true);
                  }}
                >
                  <AccountTreeOutlined fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {picking && businesses.data && (
        <BusinessPickerDialog
          open
          title={label}
          tree={tree}
          onCancel={() => setPicking(false)}
          onConfirm={(id) => {
            setPicking(false);
            onChange(id);
          }}
        />
      )}
    </>
  );
}
