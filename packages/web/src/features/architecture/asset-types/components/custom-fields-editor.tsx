import { ASSET_FIELD_TYPES, type AssetType } from '@iot/shared';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type AssetFieldType = (typeof ASSET_FIELD_TYPES)[number];

/** A custom field as the editor holds it; `rowId` keeps each row's inputs while rows are added and removed. */
export interface CustomFieldDraft {
  rowId: number;
  name: string;
  type: AssetFieldType;
  options: string[];
  required: boolean;
}

let nextRowId = 1;

export function customFieldDrafts(fields: AssetType['fields']): CustomFieldDraft[] {
  return fields.map((field) => ({
    rowId: nextRowId++,
    name: field.name,
    type: field.type,
    options: field.options ?? [],
    required: field.required ?? false,
  }));
}

export const newCustomField = (): CustomFieldDraft => ({
  rowId: nextRowId++,
  name: '',
  type: 'text',
  options: [],
  required: false,
});

/** The fields as the API takes them: only an `options` field lists choices. */
export const customFieldsOf = (drafts: readonly CustomFieldDraft[]) =>
  drafts.map(({ name, type, options, required }) => ({
    name,
    type,
    ...(type === 'options' ? { options } : {}),
    required,
  }));

function OptionsEditor({
  label,
  options,
  onChange,
  error,
}: {
  label: string;
  options: string[];
  onChange: (options: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [option, setOption] = useState('');
  const add = () => {
    const trimmed = option.trim();
    if (trimmed && !options.includes(trimmed)) onChange([...options, trimmed]);
    setOption('');
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={t('arch.assetTypes.newOption')}
          value={option}
          onChange={(event) => setOption(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the option rather than submitting the whole form.
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          slotProps={{ htmlInput: { 'aria-label': t('arch.assetTypes.newOptionOf', { field: label }) } }}
          sx={{ flex: '0 1 320px' }}
        />
        <Button onClick={add} disabled={!option.trim()} sx={{ mt: 0.25, whiteSpace: 'nowrap', flexShrink: 0 }}>
          {t('arch.assetTypes.addOption')}
        </Button>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
        {options.map((value) => (
          <Chip
            key={value}
            size="small"
            label={value}
            onDelete={() => onChange(options.filter((other) => other !== value))}
          />
        ))}
        {options.length === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('arch.assetTypes.noOptions')}
          </Typography>
        )}
      </Stack>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Stack>
  );
}

interface CustomFieldsEditorProps {
  fields: CustomFieldDraft[];
  onChange: (fields: CustomFieldDraft[]) => void;
  /** The localised error of a field's part, by `<index>.<part>` (`0.name`, `2.options`). */
  errorOf: (path: string) => string | undefined;
}

/** The custom fields of an asset type: add and remove fields, each with a name, a type, its options and a flag. */
export function CustomFieldsEditor({ fields, onChange, errorOf }: CustomFieldsEditorProps) {
  const { t } = useTranslation();
  const change = (rowId: number, changes: Partial<CustomFieldDraft>) =>
    onChange(fields.map((field) => (field.rowId === rowId ? { ...field, ...changes } : field)));

  return (
    <Stack spacing={1.5}>
      {fields.length === 0 && <Typography sx={{ color: 'text.secondary' }}>{t('arch.assetTypes.noFields')}</Typography>}
      {fields.map((field, index) => {
        const label = field.name || t('arch.assetTypes.fieldNumber', { number: index + 1 });
        return (
          <Paper key={field.rowId} variant="outlined" sx={{ p: 1.5 }}>
            <Stack spacing={1.5}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
                <TextField
                  size="small"
                  label={t('arch.assetTypes.fieldName')}
                  value={field.name}
                  onChange={(event) => change(field.rowId, { name: event.target.value })}
                  error={Boolean(errorOf(`${index}.name`))}
                  helperText={errorOf(`${index}.name`)}
                  sx={{ flex: '1 1 240px' }}
                />
                <TextField
                  select
                  size="small"
                  label={t('arch.assetTypes.fieldType')}
                  value={field.type}
                  onChange={(event) => change(field.rowId, { type: event.target.value as AssetFieldType })}
                  sx={{ flex: '0 0 180px' }}
                >
                  {ASSET_FIELD_TYPES.map((type) => (
                    <MenuItem key={type} value={type}>
                      {t(`arch.assetTypes.type.${type}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={field.required}
                      onChange={(event) => change(field.rowId, { required: event.target.checked })}
                    />
                  }
                  label={t('arch.assetTypes.required')}
                />
                <Tooltip title={t('arch.assetTypes.removeField', { field: label })}>
                  <IconButton
                    aria-label={t('arch.assetTypes.removeField', { field: label })}
                    onClick={() => onChange(fields.filter((other) => other.rowId !== field.rowId))}
                  >
                    <DeleteOutlined />
                  </IconButton>
                </Tooltip>
              </Stack>
              {field.type === 'options' && (
                <OptionsEditor
                  label={label}
                  options={field.options}
                  onChange={(options) => change(field.rowId, { options })}
                  error={errorOf(`${index}.options`)}
                />
              )}
            </Stack>
          </Paper>
        );
      })}
      <div>
        <Button startIcon={<Add />} onClick={() => onChange([...fields, newCustomField()])}>
          {t('arch.assetTypes.addField')}
        </Button>
      </div>
    </Stack>
  );
}
