import { type DeviceOutputs, isOnInternet, OUTPUT_LIMITS } from '@iot/shared';
import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SaveFailure, SaveFailureAlert, saveFailureOf } from '@/components/save-failure-alert';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { messageText } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { useDefineDeviceOutputs, useDeviceOutputs, useUpdateDeviceOutputs } from '../api/device-outputs';
import {
  checkOutputRows,
  type OutputField,
  type OutputProblem,
  type OutputRow,
  outputRowOf,
  outputRows,
  sameOutputDefinitions,
} from '../lib/output-rows';
import type { DeviceScope } from './device-scope';
import { EntryRow, SECOND_FIELD_SX } from './entry-row';
import { useDateText } from './signal-value';

/**
 * Defines the device's outputs: a key (values are kept by it) and a name per row. Saved over the version the edit
 * started from; an empty list removes every output.
 */
function OutputsEditor({
  scope,
  outputs,
  onClose,
  onStartOver,
}: {
  scope: DeviceScope;
  outputs: DeviceOutputs;
  onClose: () => void;
  onStartOver: () => void;
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const define = useDefineDeviceOutputs(scope.device.uuid);
  // A device without outputs opens on a blank one to fill in.
  const [rows, setRows] = useState(() => (outputs.outputs.length > 0 ? outputRows(outputs.outputs) : [outputRowOf()]));
  // The read the edit started from: its version is the one the save goes over.
  const [base, setBase] = useState(outputs);
  const [errors, setErrors] = useState<Record<string, OutputProblem>>({});
  const [failure, setFailure] = useState<SaveFailure | null>(null);

  // A newer read with the same definitions: only values or another part of the device changed, which `define` keeps.
  if (outputs.version > base.version && sameOutputDefinitions(outputs.outputs, base.outputs)) setBase(outputs);

  const changeRow = (id: number, change: Partial<OutputRow>) =>
    setRows((list) => list.map((row) => (row.id === id ? { ...row, ...change } : row)));
  const fieldError = (index: number, field: OutputField) => {
    const error = errors[`${index}.${field}`];
    return { error: Boolean(error), helperText: error ? messageText(t, error) : undefined };
  };
  const full = rows.length >= OUTPUT_LIMITS.outputs;

  const save = () => {
    const checked = checkOutputRows(rows);
    setErrors(checked.errors);
    setFailure(null);
    if (Object.keys(checked.errors).length > 0) return;
    define.mutate(
      { version: base.version, define: checked.define },
      {
        onSuccess: () => {
          snackbar.showSuccess(t('app.updated'));
          onClose();
        },
        onError: (error) => setFailure(saveFailureOf(t, error)),
      },
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-label={t('device.outputs.edit')} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography component="h2" variant="h6">
          {t('device.outputs.edit')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('device.outputs.keptByKey')}
        </Typography>
        {rows.length === 0 && (
          <Typography sx={{ color: 'text.secondary' }}>{t('device.outputs.noneDefined')}</Typography>
        )}
        {rows.map((row, index) => (
          <EntryRow
            key={row.id}
            label={t('device.outputs.entry', { number: index + 1 })}
            removeLabel={t('device.outputs.remove', { number: index + 1 })}
            onRemove={() => setRows((list) => list.filter((other) => other.id !== row.id))}
          >
            <TextField
              label={t('device.outputs.key')}
              value={row.key}
              onChange={(event) => changeRow(row.id, { key: event.target.value })}
              {...fieldError(index, 'key')}
            />
            <TextField
              label={t('device.outputs.outputName')}
              value={row.name}
              onChange={(event) => changeRow(row.id, { name: event.target.value })}
              {...fieldError(index, 'name')}
              sx={SECOND_FIELD_SX}
            />
          </EntryRow>
        ))}
        <SaveFailureAlert failure={failure} onStartOver={onStartOver} />
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Button
              startIcon={<AddOutlined />}
              onClick={() => setRows((list) => [...list, outputRowOf()])}
              disabled={full}
            >
              {t('device.outputs.add')}
            </Button>
            {full && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('device.outputs.limit', { count: OUTPUT_LIMITS.outputs })}
              </Typography>
            )}
          </Stack>
          <Stack direction="row" spacing={1.5}>
            <Button onClick={onClose} disabled={define.isPending}>
              {t('app.cancel')}
            </Button>
            <Button variant="contained" onClick={save} loading={define.isPending}>
              {t('device.outputs.save')}
            </Button>
          </Stack>
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * The outputs tab: a switch per output (a relay, a valve) and where its command stands: last changed, last sent to
 * the device, last confirmed by it (SPEC section 4). Only Wi-Fi and cellular devices are sent output commands (no
 * Sigfox or LoRa codec encodes them), and the tab says so. Users and above switch the values and edit the list.
 */
export function DeviceOutputsTab({ scope }: { scope: DeviceScope }) {
  const { t } = useTranslation();
  const dateText = useDateText();
  const outputs = useDeviceOutputs(scope.device.uuid);
  const update = useUpdateDeviceOutputs(scope.device.uuid);
  const [editing, setEditing] = useState(false);
  const [round, setRound] = useState(0);
  const when = (date: string | null) => (date ? dateText(date) : '—');

  if (outputs.isError) return <Alert severity="error">{errorMessage(t, outputs.error)}</Alert>;
  if (outputs.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  }
  if (editing && scope.canEdit) {
    const startOver = () => void outputs.refetch().then(() => setRound((value) => value + 1));
    return (
      <OutputsEditor
        key={round}
        scope={scope}
        outputs={outputs.data}
        onClose={() => setEditing(false)}
        onStartOver={startOver}
      />
    );
  }
  const { version } = outputs.data;
  const { communicationType } = scope.device;
  if (outputs.data.outputs.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Typography sx={{ color: 'text.secondary' }}>{t('device.outputs.none')}</Typography>
          {scope.canEdit && (
            <Button variant="outlined" startIcon={<AddOutlined />} onClick={() => setEditing(true)}>
              {t('device.outputs.addOutputs')}
            </Button>
          )}
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack spacing={1.5}>
      {scope.canEdit && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('device.outputs.edit')}
          </Button>
        </Box>
      )}
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
