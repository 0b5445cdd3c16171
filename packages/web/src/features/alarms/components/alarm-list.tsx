import { ALARM_PAGE_SIZES, ALARM_STATUSES, type Alarm, type AlarmStatus, alarmActionsOf } from '@iot/shared';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import CommentOutlined from '@mui/icons-material/CommentOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import SnoozeOutlined from '@mui/icons-material/SnoozeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath } from 'react-router';
import { RouterLink } from '@/components/router-link';
import { TablePager } from '@/components/table-pager';
import { paths } from '@/config/paths';
import { formatLocale } from '@/i18n';
import { signalName } from '@/i18n/codec-names';
import { errorMessage } from '@/lib/error-message';
import type { AlarmColors } from '@/vendors/vendor';
import { useAlarms } from '../api/get-alarms';
import { type AlarmListParams, alarmQueryOf, OPEN_STATUSES } from '../lib/alarm-list-params';
import { AlarmChangeDialog, type AlarmChangeKind } from './alarm-change-dialog';
import { AlarmHistoryDialog } from './alarm-history';
import { AlarmStatusChip } from './alarm-status-chip';

export type AlarmListView = Omit<AlarmListParams, 'businessId'>;

const CHANGE_ICONS: Record<AlarmChangeKind, ReactNode> = {
  acknowledge: <CheckCircleOutlined fontSize="small" />,
  snooze: <SnoozeOutlined fontSize="small" />,
  comment: <CommentOutlined fontSize="small" />,
};

/** What an empty page says: no open alarms (the usual view), none at all, or none of the chosen statuses. */
function emptyText(statuses: readonly AlarmStatus[]) {
  if (statuses.length === 0 || statuses.length === ALARM_STATUSES.length) return 'alarms.none' as const;
  const openOnly =
    statuses.length === OPEN_STATUSES.length && OPEN_STATUSES.every((status) => statuses.includes(status));
  return openOnly ? ('alarms.noneOpen' as const) : ('alarms.noneMatching' as const);
}

export const deviceAlarmsPath = (uuid: string) => `${generatePath(paths.device, { uuid })}?tab=alarms`;

interface AlarmListProps {
  businessId: string;
  /** One device's alarms only; the device column is left out. */
  deviceUUID?: string;
  view: AlarmListView;
  onViewChange: (view: AlarmListView) => void;
  /** Whether the caller may acknowledge, snooze and comment this alarm (users and above on its business). */
  canChange: (alarm: Alarm) => boolean;
  colours: AlarmColors;
}

/**
 * Alarms, newest first, a page at a time: a status filter over a table of alarms with their status in the alarm
 * colours, and per row the changes its state allows (`alarmActionsOf`) for those who may make them, and its history.
 */
export function AlarmList({ businessId, deviceUUID, view, onViewChange, canChange, colours }: AlarmListProps) {
  const { t, i18n } = useTranslation();
  const alarms = useAlarms({ businessId, ...alarmQueryOf(view, deviceUUID) });
  const [changing, setChanging] = useState<{ alarm: Alarm; kind: AlarmChangeKind } | null>(null);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const dates = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  const showDevice = !deviceUUID;
  const columns = showDevice ? 6 : 5;

  let body: ReactNode;
  if (alarms.isError && !alarms.data) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void alarms.refetch()}>
            {t('app.retry')}
          </Button>
        }
      >
        {errorMessage(t, alarms.error)}
      </Alert>
    );
  } else if (!alarms.data) {
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  } else {
    const rows = alarms.data.data;
    body = (
      <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
        {alarms.isFetching && (
          <LinearProgress aria-label={t('app.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
        )}
        <TableContainer>
          <Table size="small" aria-label={t('alarms.table')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('alarms.sequenceId')}</TableCell>
                {showDevice && <TableCell>{t('alarms.device')}</TableCell>}
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('alarms.signal')}</TableCell>
                <TableCell>{t('alarms.statusColumn')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('alarms.raisedAt')}</TableCell>
                <TableCell align="right">{t('alarms.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={columns} sx={{ color: 'text.secondary', py: 3 }}>
                    {t(emptyText(view.statuses))}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((alarm) => {
                const allowed = canChange(alarm) ? alarmActionsOf(alarm.status) : null;
                const label = t('alarms.rowName', { number: alarm.sequenceId, device: alarm.device.description });
                return (
                  <TableRow key={alarm.id} aria-label={label}>
                    <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{`#${alarm.sequenceId}`}</TableCell>
                    {showDevice && (
                      <TableCell sx={{ overflowWrap: 'break-word', minWidth: 96 }}>
                        <RouterLink to={deviceAlarmsPath(alarm.device.uuid)}>
                          {alarm.device.description || alarm.device.uuid}
                        </RouterLink>
                        {alarm.asset && (
                          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                            {alarm.asset.description}
                          </Typography>
                        )}
                      </TableCell>
                    )}
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {signalName(t, alarm.signal, alarm.signalName)}
                    </TableCell>
                    <TableCell>
                      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                        <AlarmStatusChip status={alarm.status} colours={colours} />
                        {alarm.status === 'snoozed' && alarm.snoozedUntil && (
                          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                            {t('alarms.snoozedUntil', { date: dates.format(new Date(alarm.snoozedUntil)) })}
                          </Typography>
                        )}
                      </Stack>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}>
                      {dates.format(new Date(alarm.raisedAt))}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {allowed &&
                        (['acknowledge', 'snooze', 'comment'] as const)
                          .filter((kind) => allowed[kind])
                          .map((kind) => (
                            <Tooltip key={kind} title={t(`alarms.${kind}`)}>
                              <IconButton
                                size="small"
                                aria-label={`${t(`alarms.${kind}`)} ${label}`}
                                onClick={() => setChanging({ alarm, kind })}
                              >
                                {CHANGE_ICONS[kind]}
                              </IconButton>
                            </Tooltip>
                          ))}
                      <Tooltip title={t('alarms.history')}>
                        <IconButton
                          size="small"
                          aria-label={`${t('alarms.history')} ${label}`}
                          onClick={() => setHistoryOf(alarm.id)}
                        >
                          <HistoryOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePager
          count={alarms.data.totalElements}
          page={view.page}
          pageSize={view.pageSize}
          pageSizes={ALARM_PAGE_SIZES}
          onPageChange={(page) => onViewChange({ ...view, page })}
          onPageSizeChange={(pageSize) => onViewChange({ ...view, pageSize, page: 0 })}
        />
      </Paper>
    );
  }

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Typography component="span" variant="body2" id="alarm-status-filter" sx={{ color: 'text.secondary' }}>
          {t('alarms.statusFilter')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          value={view.statuses}
          aria-labelledby="alarm-status-filter"
          onChange={(_event, statuses: AlarmStatus[]) =>
            onViewChange({ ...view, statuses: ALARM_STATUSES.filter((status) => statuses.includes(status)), page: 0 })
          }
          sx={{ flexWrap: 'wrap' }}
        >
          {ALARM_STATUSES.map((status) => (
            <ToggleButton key={status} value={status} sx={{ gap: 0.75, px: 1.5 }}>
              <Box
                component="span"
                aria-hidden
                sx={{
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  bgcolor: colours[status === 'acknowledged' ? 'ok' : status],
                  border: 1,
                  borderColor: 'divider',
                }}
              />
              {t(`alarms.status.${status}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {body}
      {changing && (
        <AlarmChangeDialog
          key={`${changing.alarm.id}-${changing.kind}`}
          alarm={changing.alarm}
          kind={changing.kind}
          onClose={() => setChanging(null)}
        />
      )}
      {historyOf && <AlarmHistoryDialog alarmId={historyOf} colours={colours} onClose={() => setHistoryOf(null)} />}
    </Stack>
  );
}
