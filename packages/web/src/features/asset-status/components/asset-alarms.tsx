import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '@/components/router-link';
import { TablePager } from '@/components/table-pager';
import { AlarmHistoryDialog } from '@/features/alarms/components/alarm-history';
import { AlarmStatusChip } from '@/features/alarms/components/alarm-status-chip';
import { useAlarmColours } from '@/features/alarms/components/use-alarm-colours';
import { deviceAlarmsPath } from '@/features/alarms/lib/alarm-paths';
import { formatLocale } from '@/i18n';
import { signalName } from '@/i18n/codec-names';
import { errorMessage } from '@/lib/error-message';
import { ASSET_ALARM_PAGE_SIZE, useAssetAlarms } from '../api/asset-alarms';

/**
 * The asset's alarms, newest first, whichever of its devices raised them (`assetID` filter): number, device, signal,
 * status in the alarm colours, raised at, and each alarm's history. Acting on them is the alarms screen's work.
 */
export function AssetAlarms({ businessId, assetId }: { businessId: string; assetId: string }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [page, setPage] = useState(0);
  const alarms = useAssetAlarms(businessId, assetId, page + 1);
  const colours = useAlarmColours(businessId);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const dates = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });

  if (alarms.isError) return <Alert severity="warning">{errorMessage(t, alarms.error)}</Alert>;
  if (!alarms.data) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  }
  const rows = alarms.data.data;
  if (rows.length === 0 && page === 0)
    return <Typography sx={{ color: 'text.secondary' }}>{t('assetStatus.alarmsNone')}</Typography>;
  const historyButton = (id: string, label: string) => (
    <Tooltip title={t('alarms.history')}>
      <IconButton size="small" aria-label={`${t('alarms.history')} ${label}`} onClick={() => setHistoryOf(id)}>
        <HistoryOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
  const pager = (
    <TablePager
      count={alarms.data.totalElements}
      page={page}
      pageSize={ASSET_ALARM_PAGE_SIZE}
      pageSizes={[ASSET_ALARM_PAGE_SIZE]}
      onPageChange={setPage}
      onPageSizeChange={() => setPage(0)}
    />
  );
  return (
    <>
      {phone ? (
        <Stack component="ul" spacing={1.5} aria-label={t('assetStatus.alarms')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((alarm) => {
            const device = alarm.device.description || alarm.device.uuid;
            const label = t('alarms.rowName', { number: alarm.number, device });
            return (
              <Paper component="li" variant="outlined" key={alarm.id} aria-label={label} sx={{ p: 1.5 }}>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="subtitle2" component="p">
                      {`#${alarm.number}`} · {signalName(t, alarm.signal, alarm.signalName)}
                    </Typography>
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      <RouterLink to={deviceAlarmsPath(alarm.device.uuid)}>{device}</RouterLink>
                    </Typography>
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {t('alarms.raisedAt')}: {dates.format(new Date(alarm.raisedAt))}
                    </Typography>
                  </Box>
                  <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
                    <AlarmStatusChip status={alarm.status} colours={colours} />
                    {historyButton(alarm.id, label)}
                  </Stack>
                </Stack>
              </Paper>
            );
          })}
          <Paper variant="outlined">{pager}</Paper>
        </Stack>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label={t('assetStatus.alarms')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('alarms.sequenceId')}</TableCell>
                  <TableCell>{t('alarms.device')}</TableCell>
                  <TableCell>{t('alarms.signal')}</TableCell>
                  <TableCell>{t('alarms.statusColumn')}</TableCell>
                  <TableCell>{t('alarms.raisedAt')}</TableCell>
                  <TableCell align="right">{t('alarms.history')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((alarm) => {
                  const device = alarm.device.description || alarm.device.uuid;
                  const label = t('alarms.rowName', { number: alarm.number, device });
                  return (
                    <TableRow key={alarm.id} aria-label={label}>
                      <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{`#${alarm.number}`}</TableCell>
                      <TableCell>
                        <RouterLink to={deviceAlarmsPath(alarm.device.uuid)}>{device}</RouterLink>
                      </TableCell>
                      <TableCell>{signalName(t, alarm.signal, alarm.signalName)}</TableCell>
                      <TableCell>
                        <AlarmStatusChip status={alarm.status} colours={colours} />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{dates.format(new Date(alarm.raisedAt))}</TableCell>
                      <TableCell align="right">{historyButton(alarm.id, label)}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
          {pager}
        </Paper>
      )}
      {historyOf && <AlarmHistoryDialog alarmId={historyOf} colours={colours} onClose={() => setHistoryOf(null)} />}
    </>
  );
}
