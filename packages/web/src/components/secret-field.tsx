import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { CopyButton } from './copy-button';

/** A value to hand over (a token, a password, a URL): read-only, in a monospace font, with a copy button. */
export function SecretField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        label={label}
        value={value}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
      />
      <CopyButton text={value} label={t('app.copy', { what: label })} />
    </Stack>
  );
}
