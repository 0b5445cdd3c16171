import type { Device, ParameterPreset } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useParameterPresetsOf } from '../api/get-parameter-presets';

interface ConfigureDevicesDialogProps {
  title: string;
  /** The selected devices. */
  devices: readonly Device[];
  /** Whether the caller's role lets them change a device's parameters, as far as the list knows. */
  canEdit: (device: Device) => boolean;
  /** Whether a preset is one the device's configuration offers: of its type, of its business or one above. */
  appliesTo: (preset: ParameterPreset, device: Device) => boolean;
  typeName: (id: string) => string;
  onCancel: () => void;
  onConfirm: (presetId: string) => void;
}

/**
 * Chooses the parameter preset a group configuration gives the selected devices: the presets in reach of the
 * selection's device types that apply to at least one of them. The server refuses, per device, one the preset does not
 * apply to or one the caller may not change; the dialog says beforehand how many of the selection that will be.
 */
export function ConfigureDevicesDialog({
  title,
  devices,
  canEdit,
  appliesTo,
  typeName,
  onCancel,
  onConfirm,
}: ConfigureDevicesDialogProps) {
  const { t } = useTranslation();
  const models = useMemo(() => [...new Set(devices.map((device) => device.deviceType))].sort(), [devices]);
  const presets = useParameterPresetsOf(models);
  const fitting = (preset: ParameterPreset) => devices.filter((device) => appliesTo(preset, device)).length;
  const offered = presets.data?.filter((preset) => fitting(preset) > 0);
  const [presetId, setPresetId] = useState('');
  const chosen = offered?.find((preset) => preset.uuid === presetId);
  const denied = devices.filter((device) => !canEdit(device)).length;

  let choice: ReactNode;
  if (presets.error) {
    choice = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void presets.refetch()}>
            {t('app.retry')}
          </Button>
        }
      >
        {errorMessage(t, presets.error)}
      </Alert>
    );
  } else if (!offered) {
    choice = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  } else if (offered.length === 0) {
    choice = <Alert severity="info">{t('devices.configureNoPresets')}</Alert>;
  } else {
    choice = (
      <RadioGroup
        aria-label={t('devices.configurePresets')}
        value={presetId}
        onChange={(event) => setPresetId(event.target.value)}
        sx={{ maxHeight: 320, overflow: 'auto', flexWrap: 'nowrap' }}
      >
        {offered.map((preset) => (
          <FormControlLabel
            key={preset.uuid}
            value={preset.uuid}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', py: 0.5, '& .MuiRadio-root': { mt: -0.75 } }}
            label={
              <>
                <Typography>
                  {preset.name}
                  {preset.description ? ` — ${preset.description}` : ''}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('devices.configurePresetFacts', {
                    type: typeName(preset.model),
                    business: preset.business.description,
                    fit: fitting(preset),
                    total: devices.length,
                  })}
                </Typography>
              </>
            }
          />
        ))}
      </RadioGroup>
    );
  }

  const otherType = chosen ? devices.length - fitting(chosen) : 0;
  return (
    <Dialog open onClose={onCancel} aria-labelledby="configure-devices-title" maxWidth="sm" fullWidth>
      <DialogTitle id="configure-devices-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('devices.configureText')}</DialogContentText>
          {choice}
          {otherType > 0 && <Alert severity="warning">{t('devices.configureOtherType', { other: otherType })}</Alert>}
          {denied > 0 && <Alert severity="warning">{t('devices.configureDenied', { denied })}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('app.cancel')}</Button>
        <Button variant="contained" disabled={!chosen} onClick={() => chosen && onConfirm(chosen.uuid)}>
          {t('devices.configureApply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
