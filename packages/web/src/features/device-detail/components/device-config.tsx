import { checkParameters, type ParameterDefinition } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { formatLocale } from '@/i18n';
import { parameterName } from '@/i18n/codec-names';
import { errorMessage } from '@/lib/error-message';
import {
  type ParameterFieldError,
  parameterDefinitionsOf,
  parameterErrorText,
  parameterFieldErrors,
  parameterServerErrors,
} from '@/lib/parameter-definitions';
import { useDeviceDownlink, useSetDeviceParameters } from '../api/device-parameters';
import { useParameterPresets } from '../api/parameter-presets';
import { applyProfile, initialParameterValues, type ParameterFormValues } from '../lib/parameter-form';
import type { DeviceScope } from './device-scope';
import { ParameterizationStatusChip } from './parameterization-status';

/** Offers the presets of the device's type at its business; nothing when there are none or they cannot be read. */
function PresetPicker({
  scope,
  disabled,
  onPick,
}: {
  scope: DeviceScope;
  disabled: boolean;
  onPick: (profile: Record<string, number | boolean>) => void;
}) {
  const { t } = useTranslation();
  const presets = useParameterPresets(scope.device.businessId, scope.device.deviceType);
  const [chosen, setChosen] = useState('');
  if (!presets.data || presets.data.length === 0) return null;
  return (
    <TextField
      select
      label={t('device.config.preset')}
      value={chosen}
      disabled={disabled}
      helperText={t('device.config.presetHint')}
      onChange={(event) => {
        const preset = presets.data.find((candidate) => candidate.uuid === event.target.value);
        setChosen(event.target.value);
        if (preset) onPick(preset.profile);
      }}
      sx={{ maxWidth: 420 }}
    >
      {presets.data.map((preset) => (
        <MenuItem key={preset.uuid} value={preset.uuid}>
          {preset.name}
          {preset.description ? ` — ${preset.description}` : ''}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The config tab: a field per parameter of the device's type, with its range and default, checked before sending by
 * the rule the server applies (`checkParameters`), every error at once. Sent parameters wait for the device to ask
 * for them (WAITING), then are SENT and CONFIRMED.
 */
export function DeviceConfig({ scope }: { scope: DeviceScope }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const { device, deviceType, canEdit } = scope;
  const definitions = useMemo(() => (deviceType ? parameterDefinitionsOf(deviceType) : []), [deviceType]);
  const downlink = useDeviceDownlink(device.uuid);
  const setParameters = useSetDeviceParameters(device.uuid);
  const [form, setForm] = useState<ParameterFormValues>(() =>
    initialParameterValues(definitions, device.parameters.values),
  );
  const [errors, setErrors] = useState<Record<string, ParameterFieldError>>({});
  /** The server's localised field errors, by path: `values.<key>` for a parameter. */
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const numbers = new Intl.NumberFormat(formatLocale(i18n.language), { maximumFractionDigits: 6 });

  if (!deviceType?.configurable || definitions.length === 0) {
    return <Alert severity="info">{t('device.config.notConfigurable')}</Alert>;
  }

  // Once errors are shown, each change checks again, so they go as they are put right.
  const change = (next: ParameterFormValues) => {
    setForm(next);
    if (Object.keys(errors).length > 0) {
      const checked = checkParameters(definitions, next);
      setErrors(checked.ok ? {} : parameterFieldErrors(checked.errors));
    }
  };
  const changeParameter = (key: string, value: string | boolean) => {
    change({ ...form, [key]: value });
    setServerFields(({ [`values.${key}`]: _changed, ...others }) => others);
  };
  const send = () => {
    setFailure(null);
    const checked = checkParameters(definitions, form);
    if (!checked.ok) {
      setErrors(parameterFieldErrors(checked.errors));
      return;
    }
    setErrors({});
    setServerFields({});
    setParameters.mutate(
      { version: device.version, values: checked.values },
      {
        onSuccess: () => snackbar.showSuccess(t('device.config.sent')),
        onError: (error) => {
          if (isApiError(error, 400) && Object.keys(error.fields).length > 0) setServerFields(error.fields);
          else setFailure(isApiError(error, 409) ? t('conflict') : errorMessage(t, error));
        },
      },
    );
  };

  const hint = (definition: ParameterDefinition) => {
    if (definition.type === 'boolean') return undefined;
    const unit = definition.unit ? ` ${definition.unit}` : '';
    return t('device.config.range', {
      min: `${numbers.format(definition.min)}${unit}`,
      max: `${numbers.format(definition.max)}${unit}`,
      default: `${numbers.format(definition.default)}${unit}`,
    });
  };
  const serverErrors = parameterServerErrors(serverFields, 'values');
  const errorText = (definition: ParameterDefinition) => {
    const error = errors[definition.key];
    return error ? parameterErrorText(t, definitions, definition, error) : serverErrors[definition.key];
  };
  // Every server error shows: those of no field on the form (all the values, the version) over the send button.
  const fieldPaths = new Set(definitions.map((definition) => `values.${definition.key}`));
  const otherServerErrors = Object.entries(serverFields).filter(([path]) => !fieldPaths.has(path));

  const status = downlink.data?.status ?? device.parameters.status;
  return (
    <Stack spacing={2.5}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography sx={{ color: 'text.secondary' }}>{t('device.field.parameterization')}</Typography>
            {status ? (
              <ParameterizationStatusChip status={status} />
            ) : (
              <Typography>{t('device.config.neverSet')}</Typography>
            )}
          </Stack>
          {downlink.isPending ? (
            <CircularProgress size={20} aria-label={t('app.loading')} />
          ) : downlink.data?.downlinkData ? (
            <Box>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {downlink.data.port === null
                  ? t('device.config.pendingDownlink')
                  : t('device.config.pendingDownlinkPort', { port: downlink.data.port })}
              </Typography>
              <Typography sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {downlink.data.downlinkData}
              </Typography>
            </Box>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('device.config.noDownlink')}
            </Typography>
          )}
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2.5}>
          {!canEdit && <Alert severity="info">{t('device.readOnly')}</Alert>}
          {canEdit && (
            <PresetPicker
              scope={scope}
              disabled={setParameters.isPending}
              onPick={(profile) => change(applyProfile(definitions, form, profile))}
            />
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {definitions.map((definition) =>
              definition.type === 'boolean' ? (
                <Box key={definition.key}>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={form[definition.key] === true}
                        disabled={!canEdit}
                        onChange={(event) => changeParameter(definition.key, event.target.checked)}
                      />
                    }
                    label={parameterName(t, definition.key, definition.name)}
                  />
                  {serverErrors[definition.key] && (
                    <FormHelperText error sx={{ mt: 0 }}>
                      {serverErrors[definition.key]}
                    </FormHelperText>
                  )}
                </Box>
              ) : (
                <TextField
                  key={definition.key}
                  label={
                    definition.unit
                      ? `${parameterName(t, definition.key, definition.name)} (${definition.unit})`
                      : parameterName(t, definition.key, definition.name)
                  }
                  value={form[definition.key]}
                  disabled={!canEdit}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  onChange={(event) => changeParameter(definition.key, event.target.value)}
                  error={Boolean(errorText(definition))}
                  helperText={errorText(definition) ?? hint(definition)}
                />
              ),
            )}
          </Box>
          {failure && <Alert severity="error">{failure}</Alert>}
          {otherServerErrors.length > 0 && (
            <Alert severity="error">
              {otherServerErrors.map(([path, text]) => (
                <div key={path}>{`${path}: ${text}`}</div>
              ))}
            </Alert>
          )}
          {canEdit && (
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Button variant="contained" onClick={send} loading={setParameters.isPending}>
                {t('device.config.send')}
              </Button>
            </Stack>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
