import MoreVert from '@mui/icons-material/MoreVert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/confirm-dialog';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { useDeviceTypes } from '@/features/devices/api/get-device-types';
import { useChangeDeviceType, useSetRoute, useWipeLogData } from '../api/advanced-device';
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

/** The advanced calls of a device, for admins and provider staff: change its type, wipe its log data, route it. */
export function AdvancedMenu({ scope }: { scope: DeviceScope }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const confirm = useConfirm();
  const wipe = useWipeLogData(scope.device.uuid);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'type' | 'route' | null>(null);
  const open = (next: 'type' | 'route') => {
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
        <MenuItem onClick={wipeLogData} sx={{ color: 'error.main' }}>
          {t('device.advanced.wipe')}
        </MenuItem>
      </Menu>
      {dialog === 'type' && <ChangeTypeDialog scope={scope} onClose={() => setDialog(null)} />}
      {dialog === 'route' && <SetRouteDialog scope={scope} onClose={() => setDialog(null)} />}
    </>
  );
}
