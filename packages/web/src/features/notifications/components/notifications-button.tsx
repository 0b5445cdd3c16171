import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/** The app bar's bell: opens the notification dialog. */
export function NotificationsButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('notifications.open')}>
      <IconButton color="inherit" onClick={onClick} aria-label={t('notifications.open')}>
        <NotificationsOutlined />
      </IconButton>
    </Tooltip>
  );
}
