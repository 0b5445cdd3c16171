import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/** The app bar's sign that Sigfox tokens are running out; opens the token dialog. */
export function SigfoxTokenWarningButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('sigfoxTokens.warning')}>
      <IconButton onClick={onClick} aria-label={t('sigfoxTokens.warning')} sx={{ color: 'warning.light' }}>
        <WarningAmberRounded />
      </IconButton>
    </Tooltip>
  );
}
