import { isOnInternet } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useDeviceOutputs, useUpdateDeviceOutputs } from '../api/device-outputs';
import type { DeviceScope } from './device-scope';
import { useDateText } from './signal-value';

/**
 * The outputs tab: a switch per output (a relay, a valve) and where its command stands: last changed, last sent to
 * the device, last confirmed by it (SPEC section 4). Only Wi-Fi and cellular devices are sent output commands (no
 * Sigfox or LoRa codec encodes them), and the tab says so.
 */
export function DeviceOutputsTab({ scope }: { scope: DeviceScope }) {
  const { t } = useTranslation();
  const dateText = useDateText();
  const outputs = useDeviceOutputs(scope.device.uuid);
  const update = useUpdateDeviceOutputs(scope.device.uuid);
  const when = (date: string | null) => (date ? dateText(date) : '—');

  if (outputs.isError) return <Alert severity="error">{errorMessage(t, outputs.error)}</Alert>;
  if (outputs.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  }
  const { version } = outputs.data;
  const { communicationType } = scope.device;
  if (outputs.data.outputs.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography sx={{ color: 'text.secondary' }}>{t('device.outputs.none')}</Typography>
      </Paper>
    );
  }
  return (
    <Stack spacing={1.5}>
      {isOnInternet(communicationType) ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('device.outputs.sentWithNextMessage')}
        </Typography>
      ) : (
        <Alert severity="warning">
          {t('device.outputs.notSent', { network: t(`devices.network.${communicationType}`) })}
        </Alert>
      )}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('device.tab.outputs')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('device.outputs.name')}</TableCell>
              <TableCell>{t('device.outputs.value')}</TableCell>
              <TableCell>{t('device.outputs.lastChange')}</TableCell>
              <TableCell>{t('device.outputs.lastSent')}</TableCell>
              <TableCell>{t('device.outputs.lastConfirmed')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {outputs.data.outputs.map((output) => (
              <TableRow key={output.key}>
                <TableCell>{output.name}</TableCell>
                <TableCell>
                  <Switch
                    checked={output.value}
                    disabled={!scope.canEdit || update.isPending}
                    onChange={(event) => update.mutate({ version, set: { [output.key]: event.target.checked } })}
                    slotProps={{ input: { 'aria-label': output.name } }}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(output.lastChange)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(output.lastSent)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(output.lastConfirmed)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
