import MoreVert from '@mui/icons-material/MoreVert';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { useConfirm } from '@/components/confirm-dialog';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { useDeviceTypes } from '@/features/devices/api/get-device-types';
import { formatLocale, messageText } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { useChangeDeviceType, useReprocessReceivedData, useSetRoute, useWipeLogData } from '../api/advanced-device';
import { defaultReprocessInputs, reprocessDates } from '../lib/reprocess-range';
import type { DeviceScope } from './device-scope';

function ChangeTypeDialog({ scope, onClose }: { scope: DeviceScope; onClose: () => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const types = useDeviceTypes();
  const change = useChangeDeviceType(scope.device.uuid);
  const [deviceType, setDeviceType] = useState(scope.device.deviceType);
  const [fwVersion, setFwVersion] = useState(scope.device.fwVersion ?? '');
  const submit = () =>
    change.mutate(
      { deviceType, fwVersion: fwVersion.trim() || null },
      {
        onSuccess: () => {
          snackbar.showSuccess(t('app.updated'));
          onClose();
        },
      },
    );
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="change-type-title">
      <DialogTitle id="change-type-title">{t('device.advanced.changeType')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={t('device.field.deviceType')}
            value={deviceType}
            onChange={(event) => setDeviceType(event.target.value)}
          >
            {(types.data ?? []).map((type) => (
              <MenuItem key={type.id} value={type.id}>
                {type.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('device.field.fwVersion')}
            value={fwVersion}
            onChange={(event) => setFwVersion(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 50 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app.cancel')}</Button>
        <Button variant="contained" onClick={submit} loading={change.isPending} disabled={!deviceType}>
          {t('device.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function SetRouteDialog({ scope, onClose }: { scope: DeviceScope; onClose: () => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const setRoute = useSetRoute(scope.device.uuid);
  const [destination, setDestination] = useState(scope.device.routeDestination ?? '');
  const submit = () =>
    setRoute.mutate(destination.trim() || null, {
      onSuccess: () => {
        snackbar.showSuccess(t('app.updated'));
        onClose();
      },
    });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="set-route-title">
      <DialogTitle id="set-route-title">{t('device.advanced.setRoute')}</DialogTitle>
      <DialogContent>
        <TextField
          label={t('device.advanced.destination')}
          helperText={t('device.advanced.destinationHint')}
          value={destination}
          onChange={(event) => setDestination(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          fullWidth
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app.cancel')}</Button>
        <Button variant="contained" onClick={submit} loading={setRoute.isPending}>
          {t('device.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Decodes again what the device sent between two dates (by default the last 24 hours), optionally running the actions. */
function ReprocessDialog({ scope, onClose }: { scope: DeviceScope; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const reprocess = useReprocessReceivedData(scope.device.uuid);
  const [inputs, setInputs] = useState(() => defaultReprocessInputs(Date.now()));
  const [runAllActions, setRunAllActions] = useState(false);
  const dates = reprocessDates(inputs.from, inputs.to);
  // A refusal about a date shows under its field, and goes as soon as the dates change.
  const serverFields = isApiError(reprocess.error, 400) ? reprocess.error.fields : {};
  const startError = serverFields.startDate;
  const endError = (!dates.valid && dates.error) || serverFields.endDate;
  const edit = (next: typeof inputs) => {
    setInputs(next);
    reprocess.reset();
  };
  const submit = () => {
    if (!dates.valid) return;
    reprocess.mutate(
      { startDate: dates.startDate, endDate: dates.endDate, runAllActions },
      {
        onSuccess: (answer) => {
          const number = new Intl.NumberFormat(formatLocale(i18n.language));
          snackbar.showSuccess(
            t('device.advanced.reprocessed', {
              messages: number.format(answer.messages),
              readings: number.format(answer.readings),
              undecoded: number.format(answer.undecoded),
              conditionEvents: number.format(answer.conditionEvents),
            }),
          );
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="reprocess-title">
      <DialogTitle id="reprocess-title">{t('device.advanced.reprocess')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('device.advanced.reprocessText')}</DialogContentText>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <TextField
              type="datetime-local"
              label={t('device.advanced.reprocessStart')}
              value={inputs.from}
              onChange={(event) => edit({ ...inputs, from: event.target.value })}
              required
              fullWidth
              error={Boolean(startError)}
              helperText={startError ? messageText(t, startError) : undefined}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="datetime-local"
              label={t('device.advanced.reprocessEnd')}
              value={inputs.to}
              onChange={(event) => edit({ ...inputs, to: event.target.value })}
              required
              fullWidth
              error={Boolean(endError)}
              helperText={endError ? messageText(t, endError) : undefined}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
          <div>
            <FormControlLabel
              control={
                <Checkbox
                  checked={runAllActions}
                  onChange={(event) => setRunAllActions(event.target.checked)}
                  slotProps={{ input: { 'aria-describedby': 'reprocess-run-actions-hint' } }}
                />
              }
              label={t('device.advanced.reprocessRunActions')}
            />
            <FormHelperText id="reprocess-run-actions-hint" sx={{ mt: 0 }}>
              {t('device.advanced.reprocessRunActionsHint')}
            </FormHelperText>
          </div>
          <Typography variant="body2" color="text.secondary">
            {t('device.advanced.reprocessNote')}
          </Typography>
          {reprocess.isError && !startError && !serverFields.endDate && (
            <Alert severity="error">{errorMessage(t, reprocess.error)}</Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app.cancel')}</Button>
        <Button variant="contained" onClick={submit} loading={reprocess.isPending} disabled={!dates.valid}>
          {t('device.advanced.reprocessSubmit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The advanced calls of a device, for admins and provider staff: change its type, reprocess what it sent, wipe its
 * log data, route it.
 */
export function AdvancedMenu({ scope }: { scope: DeviceScope }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const confirm = useConfirm();
  const wipe = useWipeLogData(scope.device.uuid);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'type' | 'route' | 'reprocess' | null>(null);
  const open = (next: 'type' | 'route' | 'reprocess') => {
    setAnchor(null);
    setDialog(next);
  };
  const wipeLogData = async () => {
    setAnchor(null);
    const confirmed = await confirm({
      title: t('device.advanced.wipeTitle'),
      message: t('device.advanced.wipeText'),
      confirmLabel: t('device.advanced.wipe'),
      destructive: true,
    });
    if (confirmed) wipe.mutate(undefined, { onSuccess: () => snackbar.showSuccess(t('device.advanced.wiped')) });
  };
  return (
    <>
      <IconButton
        aria-label={t('device.advanced.title')}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => open('type')}>{t('device.advanced.changeType')}</MenuItem>
        <MenuItem onClick={() => open('route')}>{t('device.advanced.setRoute')}</MenuItem>
        <MenuItem onClick={() => open('reprocess')}>{t('device.advanced.reprocess')}</MenuItem>
        <MenuItem onClick={wipeLogData} sx={{ color: 'error.main' }}>
          {t('device.advanced.wipe')}
        </MenuItem>
      </Menu>
      {dialog === 'type' && <ChangeTypeDialog scope={scope} onClose={() => setDialog(null)} />}
      {dialog === 'route' && <SetRouteDialog scope={scope} onClose={() => setDialog(null)} />}
      {dialog === 'reprocess' && <ReprocessDialog scope={scope} onClose={() => setDialog(null)} />}
    </>
  );
}
