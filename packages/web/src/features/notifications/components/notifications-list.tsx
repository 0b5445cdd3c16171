import { DEFAULT_NOTIFICATION_PAGE_SIZE, NOTIFICATION_PAGE_SIZES, type Notification } from '@iot/shared';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DoneAll from '@mui/icons-material/DoneAll';
import MarkEmailRead from '@mui/icons-material/MarkEmailReadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/confirm-dialog';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { formatLocale } from '@/i18n';
import {
  useDeleteAllNotifications,
  useDeleteNotification,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '../api/change-notifications';
import { useNotifications } from '../api/get-notifications';
import { notificationMessage } from '../lib/notification-text';

function NotificationRow({ notification }: { notification: Notification }) {
  const { t, i18n } = useTranslation();
  const markRead = useMarkNotificationRead();
  const remove = useDeleteNotification();
  const when = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(notification.createdAt),
  );
  const message = notificationMessage(t, i18n.language, notification);
  return (
    <ListItem
      divider
      sx={{ alignItems: 'flex-start', bgcolor: notification.read ? undefined : 'action.hover' }}
      secondaryAction={
        <Stack direction="row">
          {!notification.read && (
            <Tooltip title={t('notifications.markRead')}>
              <IconButton
                aria-label={t('notifications.markRead')}
                disabled={markRead.isPending}
                onClick={() => markRead.mutate(notification._id)}
              >
                <MarkEmailRead fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title={t('notifications.delete')}>
            <IconButton
              aria-label={t('notifications.delete')}
              disabled={remove.isPending}
              onClick={() => remove.mutate(notification._id)}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      }
    >
      <ListItemText
        sx={{ pr: 10 }}
        primary={
          <Typography component="span" sx={{ fontWeight: notification.read ? 400 : 700 }}>
            {message.title}
          </Typography>
        }
        secondary={
          <>
            <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.primary' }}>
              {message.body}
            </Typography>
            <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
              {notification.read ? when : `${when} · ${t('notifications.unread')}`}
            </Typography>
          </>
        }
      />
    </ListItem>
  );
}

/** One's notifications, newest first, a page at a time (10, 25 or 50), with mark-all-as-read and delete-all. */
export function NotificationsList() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_NOTIFICATION_PAGE_SIZE);
  const notifications = useNotifications({ page: page + 1, pageSize });
  const markAllRead = useMarkAllNotificationsRead();
  const deleteAll = useDeleteAllNotifications();
  const total = notifications.data?.totalElements ?? 0;

  // After deletions the page shown may lie past the end: step back to the last page there is.
  useEffect(() => {
    const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
    if (notifications.data && page > lastPage) setPage(lastPage);
  }, [notifications.data, total, page, pageSize]);

  const markAllAsRead = () =>
    markAllRead.mutate(undefined, { onSuccess: () => snackbar.showSuccess(t('notifications.allRead')) });

  const removeAll = async () => {
    const confirmed = await confirm({
      title: t('notifications.deleteAllTitle'),
      message: t('notifications.deleteAllMessage', { count: total }),
      confirmLabel: t('notifications.deleteAll'),
      destructive: true,
    });
    if (confirmed)
      deleteAll.mutate(undefined, { onSuccess: () => snackbar.showSuccess(t('notifications.allDeleted')) });
  };

  if (notifications.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  }
  if (total === 0) {
    return <Typography sx={{ color: 'text.secondary', py: 2 }}>{t('notifications.none')}</Typography>;
  }
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button startIcon={<DoneAll />} disabled={markAllRead.isPending} onClick={markAllAsRead}>
          {t('notifications.markAllRead')}
        </Button>
        <Button
          color="error"
          startIcon={<DeleteOutline />}
          disabled={deleteAll.isPending}
          onClick={() => void removeAll()}
        >
          {t('notifications.deleteAll')}
        </Button>
      </Stack>
      <List disablePadding aria-label={t('notifications.title')}>
        {notifications.data?.data.map((notification) => (
          <NotificationRow key={notification._id} notification={notification} />
        ))}
      </List>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...NOTIFICATION_PAGE_SIZES]}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage={t('notifications.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('notifications.range', { from, to, count })}
        getItemAriaLabel={(type) => t(`notifications.${type}Page`)}
      />
    </Stack>
  );
}
