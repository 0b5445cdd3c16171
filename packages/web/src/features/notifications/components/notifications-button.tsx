import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../api/get-unread-count';

/** The app bar's bell, with the unread count (asked every minute); opens the notification dialog. */
export function NotificationsButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  const unread = useUnreadCount(true).data?.count ?? 0;
  const label = unread > 0 ? t('notifications.openWithCount', { count: unread }) : t('notifications.open');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" onClick={onClick} aria-label={label}>
        <Badge badgeContent={unread} max={99} color="error">
          <NotificationsOutlined />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
