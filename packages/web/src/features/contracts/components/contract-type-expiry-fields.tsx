import { CONTRACT_TYPES, type ContractType } from '@iot/shared';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** A contract's type and expiry date (`YYYY-MM-DD`, empty: never), as the create and details dialogs edit them. */
export function ContractTypeExpiryFields({
  type,
  expiresAt,
  onChange,
}: {
  type: ContractType;
  expiresAt: string;
  onChange: (change: { type?: ContractType; expiresAt?: string }) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        size="small"
        select
        label={t('contracts.typeLabel')}
        value={type}
        onChange={(event) => onChange({ type: event.target.value as ContractType })}
        sx={{ flex: 1 }}
      >
        {CONTRACT_TYPES.map((option) => (
          <MenuItem key={option} value={option}>
            {t(`contracts.type.${option}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="date"
        label={t('contracts.expiresAt')}
        value={expiresAt}
        helperText={t('contracts.expiresAtHint')}
        onChange={(event) => onChange({ expiresAt: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: 1 }}
      />
    </Stack>
  );
}
