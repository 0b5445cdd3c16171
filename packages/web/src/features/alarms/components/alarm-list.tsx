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
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '@/components/router-link';
import { formatLocale } from '@/i18n';
import { signalName } from '@/i18n/codec-names';
import { errorMessage } from '@/lib/error-message';
import type { AlarmColors } from '@/vendors/vendor';
import { useAlarms } from '../api/get-alarms';
import { type AlarmListParams, alarmQueryOf, OPEN_STATUSES } from '../lib/alarm-list-params';
import { deviceAlarmsPath } from '../lib/alarm-paths';
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

interface AlarmListProps {
  /** The business whose subtree is listed; every business the caller sees when null. */
  businessId: string | null;
  /** One device's alarms only; the device column is left out. */
  deviceUUID?: string;
  /** The name of an alarm's business, when the list spans several: a business column tells them apart. */
  businessName?: (businessId: string) => string | undefined;
  view: AlarmListView;
  onViewChange: (view: AlarmListView) => void;
  /** Whether the caller may acknowledge, snooze and comment this alarm (users and above on its business). */
  canChange: (alarm: Alarm) => boolean;
  colours: AlarmColors;
}

/**
 * Alarms, newest first, a keyset page at a time: a status filter over a table of alarms (on phones, a card each) with
 * their status in the alarm colours, and per alarm the changes its state allows (`alarmActionsOf`) for those who may
 * make them, and its history.
 */
export function AlarmList({
  businessId,
  deviceUUID,
  businessName,
  view,
  onViewChange,
  canChange,
  colours,
}: AlarmListProps) {
  const { t, i18n } = useTranslation();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const alarms = useAlarms(alarmQueryOf({ ...view, businessId }, deviceUUID));
  const [changing, setChanging] = useState<{ alarm: Alarm; kind: AlarmChangeKind } | null>(null);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  // Where the pages before this one started: keyset pages are walked forward, and back along this trail.
  const [trail, setTrail] = useState<(string | null)[]>([]);
  if (view.after === null && trail.length > 0) setTrail([]);
  const dates = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  const showDevice = !deviceUUID;
  const columns = 5 + (showDevice ? 1 : 0) + (businessName ? 1 : 0);

  const labelOf = (alarm: Alarm) =>
    t('alarms.rowName', { number: alarm.number, device: alarm.device.description || alarm.device.uuid });
  const deviceLink = (alarm: Alarm) => (
    <RouterLink to={deviceAlarmsPath(alarm.device.uuid)}>{alarm.device.description || alarm.device.uuid}</RouterLink>
  );
  const statusOf = (alarm: Alarm) => (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <AlarmStatusChip status={alarm.status} colours={colours} />
      {alarm.status === 'snoozed' && alarm.snoozedUntil && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('alarms.snoozedUntil', { date: dates.format(new Date(alarm.snoozedUntil)) })}
        </Typography>
      )}
    </Stack>
  );
  /** The changes the caller may make to the alarm, and its history: icons in the table, labelled buttons on cards. */
  const actionsOf = (alarm: Alarm, labelled: boolean) => {
    const allowed = canChange(alarm) ? alarmActionsOf(alarm.status) : null;
    const label = labelOf(alarm);
    const actions = [
      ...(allowed ? (['acknowledge', 'snooze', 'comment'] as const).filter((kind) => allowed[kind]) : []).map(
        (kind) => ({
          key: kind,
          text: t(`alarms.${kind}`),
          icon: CHANGE_ICONS[kind],
          run: () => setChanging({ alarm, kind }),
        }),
      ),
      {
        key: 'history',
        text: t('alarms.history'),
        icon: <HistoryOutlined fontSize="small" />,
        run: () => setHistoryOf(alarm.id),
      },
    ];
    return actions.map((action) =>
      labelled ? (
        <Button
          key={action.key}
          size="small"
          startIcon={action.icon}
          aria-label={`${action.text} ${label}`}
          onClick={action.run}
        >
          {action.text}
        </Button>
      ) : (
        <Tooltip key={action.key} title={action.text}>
          <IconButton size="small" aria-label={`${action.text} ${label}`} onClick={action.run}>
            {action.icon}
          </IconButton>
        </Tooltip>
      ),
    );
  };

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
    const { data: rows, hasNext, next } = alarms.data;
    const pageIndex = trail.length;
    const pager = (
      <TablePagination
        component="div"
        // The total is not counted: it is known only on the last page.
        count={hasNext ? -1 : pageIndex * view.pageSize + rows.length}
        page={pageIndex}
        rowsPerPage={view.pageSize}
        rowsPerPageOptions={[...ALARM_PAGE_SIZES]}
        onPageChange={(_event, page) => {
          if (page > pageIndex && next) {
            setTrail([...trail, view.after]);
            onViewChange({ ...view, after: next });
          } else if (page < pageIndex) {
            setTrail(trail.slice(0, -1));
            onViewChange({ ...view, after: trail.at(-1) ?? null });
          }
        }}
        onRowsPerPageChange={(event) => onViewChange({ ...view, pageSize: Number(event.target.value), after: null })}
        labelRowsPerPage={t('table.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) =>
          count === -1 ? t('alarms.pageRangeMore', { from, to }) : t('table.pageRange', { from, to, total: count })
        }
        getItemAriaLabel={(type) => t(`table.${type}Page`)}
        sx={{
          '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': { display: { xs: 'none', sm: 'flex' } },
        }}
      />
    );
    const empty = (
      <Typography variant="body2" sx={{ color: 'text.secondary', py: 3, px: 2 }}>
        {t(emptyText(view.statuses))}
      </Typography>
    );
    const progress = alarms.isFetching && (
      <LinearProgress aria-label={t('app.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
    );
    body = isPhone ? (
      <Box sx={{ position: 'relative' }}>
        {progress}
        {rows.length === 0 ? (
          <Paper variant="outlined">{empty}</Paper>
        ) : (
          <Stack component="ul" spacing={1.5} aria-label={t('alarms.table')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {rows.map((alarm) => (
              <Paper component="li" variant="outlined" key={alarm.id} aria-label={labelOf(alarm)} sx={{ p: 1.5 }}>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="subtitle2" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {`#${alarm.number}`} · {signalName(t, alarm.signal, alarm.signalName)}
                    </Typography>
                    {showDevice && (
                      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                        {deviceLink(alarm)}
                      </Typography>
                    )}
                    {businessName && (
                      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                        {businessName(alarm.businessId)}
                      </Typography>
                    )}
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {t('alarms.raisedAt')}: {dates.format(new Date(alarm.raisedAt))}
                    </Typography>
                  </Box>
                  {statusOf(alarm)}
                </Stack>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1, ml: -0.5 }}>
                  {actionsOf(alarm, true)}
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
        <Paper variant="outlined" sx={{ mt: 1.5 }}>
          {pager}
        </Paper>
      </Box>
    ) : (
      <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
        {progress}
        <TableContainer>
          <Table size="small" aria-label={t('alarms.table')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('alarms.sequenceId')}</TableCell>
                {showDevice && <TableCell>{t('alarms.device')}</TableCell>}
                {businessName && <TableCell>{t('alarms.business')}</TableCell>}
                <TableCell>{t('alarms.signal')}</TableCell>
                <TableCell>{t('alarms.statusColumn')}</TableCell>
                <TableCell>{t('alarms.raisedAt')}</TableCell>
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
              {rows.map((alarm) => (
                <TableRow key={alarm.id} aria-label={labelOf(alarm)}>
                  <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{`#${alarm.number}`}</TableCell>
                  {showDevice && (
                    <TableCell sx={{ overflowWrap: 'break-word', minWidth: 96 }}>
                      {deviceLink(alarm)}
                      {alarm.asset && (
                        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                          {alarm.asset.description}
                        </Typography>
                      )}
                    </TableCell>
                  )}
                  {businessName && <TableCell>{businessName(alarm.businessId)}</TableCell>}
                  <TableCell>{signalName(t, alarm.signal, alarm.signalName)}</TableCell>
                  <TableCell>{statusOf(alarm)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dates.format(new Date(alarm.raisedAt))}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {actionsOf(alarm, false)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {pager}
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
            onViewChange({
              ...view,
              statuses: ALARM_STATUSES.filter((status) => statuses.includes(status)),
              after: null,
            })
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
