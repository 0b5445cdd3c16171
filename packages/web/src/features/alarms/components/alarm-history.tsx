import type { AlarmWithHistory } from '@iot/shared';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatLocale } from '@/i18n';
import { signalName } from '@/i18n/codec-names';
import { errorMessage } from '@/lib/error-message';
import type { AlarmColors } from '@/vendors/vendor';
import { useAlarm } from '../api/get-alarm';
import { AlarmStatusChip } from './alarm-status-chip';

function HistoryList({ alarm }: { alarm: AlarmWithHistory }) {
  const { t, i18n } = useTranslation();
  const dates = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <List dense aria-label={t('alarms.history')}>
      {alarm.history.map((entry, index) => (
        <ListItem
          // The history only grows, oldest first: an entry's place is its identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          divider={index < alarm.history.length - 1}
          sx={{ alignItems: 'flex-start', px: 0 }}
        >
          <ListItemText
            primary={t(`alarms.transition.${entry.transition}`)}
            secondary={
              <>
                <Box component="span" sx={{ display: 'block' }}>
                  {`${dates.format(new Date(entry.date))} · ${entry.user?.name ?? t('alarms.byPlatform')}`}
                </Box>
                {entry.comment && (
                  <Box component="span" sx={{ display: 'block', color: 'text.primary', whiteSpace: 'pre-wrap' }}>
                    {entry.comment}
                  </Box>
                )}
              </>
            }
          />
        </ListItem>
      ))}
    </List>
  );
}

/** An alarm's history (who did what, when, with their comments), oldest first. */
export function AlarmHistoryDialog({
  alarmId,
  colours,
  onClose,
}: {
  alarmId: string;
  colours: AlarmColors;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const alarm = useAlarm(alarmId);
  return (
    <Dialog open onClose={onClose} aria-labelledby="alarm-history-title" maxWidth="sm" fullWidth>
      <DialogTitle id="alarm-history-title">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <HistoryOutlined />
          <span>
            {alarm.data
              ? t('alarms.historyTitle', { number: alarm.data.number, device: alarm.data.device.description })
              : t('alarms.history')}
          </span>
        </Stack>
      </DialogTitle>
      <DialogContent>
        {alarm.isError && <Alert severity="error">{errorMessage(t, alarm.error)}</Alert>}
        {alarm.isPending && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
            <CircularProgress aria-label={t('app.loading')} />
          </Box>
        )}
        {alarm.data && (
          <Stack spacing={1}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <AlarmStatusChip status={alarm.data.status} colours={colours} />
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {signalName(t, alarm.data.signal, alarm.data.signalName)}
              </Typography>
            </Stack>
            <HistoryList alarm={alarm.data} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
