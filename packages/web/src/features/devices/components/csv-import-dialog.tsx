import type { BulkDeviceResponse, DeviceTypeInfo } from '@iot/shared';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { BusinessPickerDialog } from '@/features/businesses/components/business-picker-dialog';
import type { BusinessTree } from '@/features/businesses/lib/business-tree';
import { errorMessage } from '@/lib/error-message';
import { type CsvImportRequest, useImportDevicesCsv } from '../api/change-devices';
import { BulkResultsList } from './bulk-results-list';

/** The server's answer to a file with a line of the wrong columns for its mode. */
const CSV_INVALID = 'device.csv_invalid';

type ImportMode = CsvImportRequest['mode'];

type Outcome = { invalid: string } | { response: BulkDeviceResponse } | null;

interface CsvImportDialogProps {
  open: boolean;
  onClose: () => void;
  tree: BusinessTree | undefined;
  /** The business of a scoped list: the devices go there. */
  businessId?: string;
  deviceTypes: readonly DeviceTypeInfo[];
}

/**
 * A CSV file into a business (SPEC 5): either new devices of one type (Device ID, Network ID, optional Description)
 * or a batch move/rename of existing ones (Device ID, Description). A bad line refuses the whole file and the
 * incorrect-CSV dialog says which; otherwise the outcome per device, with the reason for those not done.
 */
export function CsvImportDialog({ open, onClose, tree, businessId, deviceTypes }: CsvImportDialogProps) {
  const { t } = useTranslation();
  const importCsv = useImportDevicesCsv();
  const [target, setTarget] = useState<string | undefined>(businessId);
  const [picking, setPicking] = useState(false);
  const [mode, setMode] = useState<ImportMode>('create');
  const [deviceType, setDeviceType] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const close = () => {
    setFile(null);
    setOutcome(null);
    importCsv.reset();
    onClose();
  };

  const chooseMode = (chosen: ImportMode) => {
    setMode(chosen);
    importCsv.reset();
  };

  const request: CsvImportRequest | undefined =
    !target || !file
      ? undefined
      : mode === 'rename'
        ? { mode, businessId: target, file }
        : deviceType
          ? { mode, businessId: target, deviceType, file }
          : undefined;

  const submit = () => {
    if (!request) return;
    importCsv.mutate(request, {
      onSuccess: (response) => setOutcome({ response }),
      onError: (error) => {
        if (isApiError(error, 400) && error.code === CSV_INVALID) setOutcome({ invalid: error.message });
      },
    });
  };

  const targetName = target ? tree?.byId.get(target)?.description : undefined;

  let content: React.ReactNode;
  if (outcome && 'invalid' in outcome) {
    content = (
      <>
        <DialogTitle id="csv-import-title">{t('devices.import.invalidTitle')}</DialogTitle>
        <DialogContent>
          <Alert severity="error">{outcome.invalid}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOutcome(null)}>{t('devices.import.chooseAnother')}</Button>
          <Button variant="contained" onClick={close}>
            {t('app.close')}
          </Button>
        </DialogActions>
      </>
    );
  } else if (outcome) {
    const { succeeded, failed, results } = outcome.response;
    content = (
      <>
        <DialogTitle id="csv-import-title">{t('devices.import.resultTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={1.5}>
            <Alert severity={failed === 0 ? 'success' : succeeded === 0 ? 'error' : 'warning'}>
              {t(mode === 'rename' ? 'devices.import.renameDone' : 'devices.import.done', {
                succeeded,
                total: results.length,
              })}
            </Alert>
            {failed > 0 && <Typography>{t('devices.bulk.notDone')}</Typography>}
            <BulkResultsList results={results} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={close}>
            {t('app.close')}
          </Button>
        </DialogActions>
      </>
    );
  } else {
    const otherError = importCsv.isError && !(isApiError(importCsv.error) && importCsv.error.code === CSV_INVALID);
    content = (
      <>
        <DialogTitle id="csv-import-title">{t('devices.import.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <RadioGroup
              row
              aria-label={t('devices.import.mode')}
              value={mode}
              onChange={(event) => chooseMode(event.target.value as ImportMode)}
            >
              <FormControlLabel value="create" control={<Radio />} label={t('devices.import.modeCreate')} />
              <FormControlLabel value="rename" control={<Radio />} label={t('devices.import.modeRename')} />
            </RadioGroup>
            <DialogContentText>
              {t(mode === 'rename' ? 'devices.import.renameColumns' : 'devices.import.columns')}
            </DialogContentText>
            {mode === 'rename' && businessId && targetName && (
              <DialogContentText>{t('devices.import.moveTo', { business: targetName })}</DialogContentText>
            )}
            {!businessId && (
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <TextField
                  size="small"
                  label={t('devices.import.business')}
                  value={targetName ?? ''}
                  sx={{ flex: 1 }}
                  slotProps={{ input: { readOnly: true } }}
                />
                <Button onClick={() => setPicking(true)} disabled={!tree}>
                  {t('devices.import.chooseBusiness')}
                </Button>
              </Stack>
            )}
            {mode === 'create' && (
              <TextField
                select
                size="small"
                label={t('devices.import.deviceType')}
                value={deviceType}
                onChange={(event) => setDeviceType(event.target.value)}
              >
                {deviceTypes.map((type) => (
                  <MenuItem key={type.id} value={type.id}>
                    {type.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
              <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />}>
                {t('devices.import.chooseFile')}
                <input
                  hidden
                  type="file"
                  accept=".csv,text/csv"
                  aria-label={t('devices.import.chooseFile')}
                  onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                />
              </Button>
              <Typography noWrap sx={{ color: file ? 'text.primary' : 'text.secondary', minWidth: 0 }}>
                {file ? file.name : t('devices.import.noFile')}
              </Typography>
            </Stack>
            {otherError && <Alert severity="error">{errorMessage(t, importCsv.error)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('app.cancel')}</Button>
          <Button variant="contained" disabled={!request || importCsv.isPending} onClick={submit}>
            {t('devices.import.submit')}
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <>
      <Dialog open={open} onClose={close} aria-labelledby="csv-import-title" maxWidth="sm" fullWidth>
        {content}
      </Dialog>
      {tree && picking && (
        <BusinessPickerDialog
          open
          title={t('devices.import.chooseBusiness')}
          tree={tree}
          onCancel={() => setPicking(false)}
          onConfirm={(id) => {
            setTarget(id);
            setPicking(false);
          }}
        />
      )}
    </>
  );
}
