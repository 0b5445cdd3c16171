import { type BulkDeviceResponse, malformedNetworkIds } from '@iot/shared';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { useDeviceTypes } from '@/features/devices/api/get-device-types';
import { messageText } from '@/i18n';
import { BusinessChoiceField } from '../../components/business-choice-field';
import { useCreateDevicesFromList, useImportDevicesCsv } from '../api/create-devices';
import { type DeviceListParse, lineErrorsOf, parseDeviceList } from '../lib/device-list-text';
import { CreationResults } from './creation-results';

type Source = 'list' | 'csv';

function listProblem(t: TFunction, parsed: DeviceListParse): string | null {
  if (parsed.ok) return null;
  switch (parsed.reason) {
    case 'empty':
      return t('arch.creation.listEmpty');
    case 'tooMany':
      return t('arch.creation.listTooMany', { max: parsed.max });
    case 'noNetworkId':
      return t('arch.creation.listNoNetworkId', { line: parsed.line });
  }
}

/** The fields the form shows errors beside. */
const SHOWN_FIELDS = ['businessId', 'deviceType', 'devices', 'file'];

/** The wrong lines named under the list; a longer list of wrong lines ends with how many more there are. */
const LINE_ERRORS_SHOWN = 5;

/**
 * Bulk device creation: a business from the tree picker, a device type, then the devices from a pasted list or a CSV
 * file. The answer lists what was made and what was not, and why; a bad CSV file imports nothing and says where.
 */
export function DevicesCreationForm() {
  const { t } = useTranslation();
  const deviceTypes = useDeviceTypes();
  const fromList = useCreateDevicesFromList();
  const fromCsv = useImportDevicesCsv();
  const [businessId, setBusinessId] = useState<string | null>(null);
  const [deviceType, setDeviceType] = useState('');
  const [source, setSource] = useState<Source>('list');
  const [list, setList] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [csvInvalid, setCsvInvalid] = useState<string | null>(null);
  const [response, setResponse] = useState<BulkDeviceResponse | null>(null);
  const creating = fromList.isPending || fromCsv.isPending;
  const chosenType = deviceTypes.data?.find((candidate) => candidate.id === deviceType);
  const network = chosenType?.communicationTypes[0];
  const parsed = parseDeviceList(list);

  const report = {
    onSuccess: (answer: BulkDeviceResponse) => {
      setResponse(answer);
      if (answer.failed === 0) {
        setList('');
        setFile(null);
      }
    },
    onError: (error: unknown) => {
      if (isApiError(error) && error.code === 'device.csv_invalid') setCsvInvalid(error.message);
      else if (isApiError(error, 400)) setErrors(shownErrors(error.fields, error.message));
    },
  };

  /**
   * The server's field errors where the form shows them: those about pasted devices (`devices.3.description`) under
   * the list, each naming its line (the first few, then how many more); any other under the list too, as the server
   * worded it.
   */
  const shownErrors = (fields: Record<string, string>, message: string) => {
    const { lines, others } = lineErrorsOf(fields, parsed.ok ? parsed.lines : []);
    const shown: Record<string, string> = { ...others };
    if (lines.length > 0) {
      const named = lines
        .slice(0, LINE_ERRORS_SHOWN)
        .map(({ line, code }) => t('arch.creation.listLineError', { line, message: messageText(t, code) }));
      if (lines.length > LINE_ERRORS_SHOWN) {
        named.push(t('arch.creation.listMoreErrors', { count: lines.length - LINE_ERRORS_SHOWN }));
      }
      shown.devices = named.join('\n');
    }
    if (!SHOWN_FIELDS.some((name) => shown[name])) shown.devices = message;
    return shown;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!businessId) found.businessId = 'validation.required';
    if (!deviceType) found.deviceType = 'validation.required';
    if (source === 'list' && !parsed.ok) found.devices = listProblem(t, parsed) ?? '';
    if (source === 'list' && parsed.ok && network) {
      const malformed = malformedNetworkIds(parsed.devices, network);
      if (malformed.length > 0) {
        const fields = malformed.map(({ index, message }) => [`devices.${index}.networkId`, message]);
        Object.assign(found, shownErrors(Object.fromEntries(fields), ''));
      }
    }
    if (source === 'csv' && !file) found.file = t('arch.creation.fileRequired');
    setErrors(found);
    if (Object.keys(found).length > 0 || !businessId) return;
    setResponse(null);
    if (source === 'list' && parsed.ok) fromList.mutate({ businessId, deviceType, devices: parsed.devices }, report);
    else if (source === 'csv' && file) fromCsv.mutate({ businessId, deviceType, file }, report);
  };

  const errorText = (name: string) => (errors[name] ? messageText(t, errors[name]) : undefined);

  return (
    <Stack spacing={2.5}>
      <form onSubmit={submit} noValidate>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <Box sx={{ flex: 1 }}>
                <BusinessChoiceField
                  label={t('arch.creation.business')}
                  value={businessId}
                  onChange={(id) => {
                    setBusinessId(id);
                    setErrors(({ businessId: _chosen, ...others }) => others);
                  }}
                  required
                  error={errorText('businessId')}
                />
              </Box>
              <TextField
                select
                size="small"
                label={t('arch.creation.deviceType')}
                required
                value={deviceType}
                onChange={(event) => {
                  setDeviceType(event.target.value);
                  setErrors(({ deviceType: _chosen, ...others }) => others);
                }}
                sx={{ flex: 1 }}
                error={Boolean(errorText('deviceType'))}
                helperText={
                  errorText('deviceType') ?? (network ? t(`arch.creation.networkIdHint.${network}`) : undefined)
                }
                disabled={!deviceTypes.data}
              >
                {(deviceTypes.data ?? []).map((candidate) => (
                  <MenuItem key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <Tabs value={source} onChange={(_event, next: Source) => setSource(next)}>
              <Tab value="list" label={t('arch.creation.fromList')} />
              <Tab value="csv" label={t('arch.creation.fromCsv')} />
            </Tabs>
            {source === 'list' ? (
              <TextField
                label={t('arch.creation.list')}
                value={list}
                onChange={(event) => {
                  setList(event.target.value);
                  setErrors(({ devices: _changed, ...others }) => others);
                }}
                multiline
                minRows={6}
                maxRows={16}
                placeholder={t('arch.creation.listPlaceholder')}
                error={Boolean(errorText('devices'))}
                helperText={
                  errorText('devices') ??
                  (parsed.ok
                    ? t('arch.creation.listCount', { total: parsed.devices.length })
                    : t('arch.creation.listHint'))
                }
                slotProps={{
                  htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } },
                  // One wrong line a line.
                  formHelperText: { sx: { whiteSpace: 'pre-line' } },
                }}
              />
            ) : (
              <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('arch.creation.csvHint')}
                </Typography>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />}>
                    {t('arch.creation.chooseFile')}
                    <input
                      hidden
                      type="file"
                      accept=".csv,text/csv,text/plain"
                      onChange={(event) => {
                        setFile(event.target.files?.[0] ?? null);
                        setErrors(({ file: _chosen, ...others }) => others);
                        // The same file may be chosen again after it is fixed.
                        event.target.value = '';
                      }}
                    />
                  </Button>
                  <Typography sx={{ color: file ? undefined : 'text.secondary' }}>
                    {file?.name ?? t('arch.creation.noFile')}
                  </Typography>
                </Stack>
                {errorText('file') && <Alert severity="error">{errorText('file')}</Alert>}
              </Stack>
            )}
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Button type="submit" variant="contained" disabled={creating}>
                {t('arch.creation.create')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      </form>
      {creating && (
        <Stack spacing={1} role="status">
          <Typography>
            {source === 'list' && parsed.ok
              ? t('arch.creation.creatingCount', { total: parsed.devices.length })
              : t('arch.creation.creating')}
          </Typography>
          <LinearProgress aria-label={t('arch.creation.creating')} />
        </Stack>
      )}
      {response && <CreationResults response={response} />}
      <Dialog open={csvInvalid !== null} onClose={() => setCsvInvalid(null)} aria-labelledby="csv-invalid-title">
        <DialogTitle id="csv-invalid-title">{t('arch.creation.csvInvalidTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{csvInvalid}</DialogContentText>
          <DialogContentText sx={{ mt: 1 }}>{t('arch.creation.csvNothingImported')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCsvInvalid(null)} autoFocus>
            {t('app.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
