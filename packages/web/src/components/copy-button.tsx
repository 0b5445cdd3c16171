import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from './snackbars/use-snackbar';

/** Copies a text shown once (a token, a password) to the clipboard and says so (SPEC section 8: copied to clipboard). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => snackbar.showSuccess(t('app.copied')),
      () => snackbar.showError(t('app.copyFailed')),
    );
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={() => void copy()}>
        <ContentCopyOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
