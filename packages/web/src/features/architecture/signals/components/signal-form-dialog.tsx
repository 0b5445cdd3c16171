import {
  CreateSignalRequest,
  issueMessage,
  SIGNAL_TYPES,
  type Signal,
  type SignalType,
  UpdateSignalRequest,
  type z,
} from '@iot/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { messageText } from '@/i18n';
import { type SaveFailure, saveFailureOf } from '../../lib/action-error';
import { useCreateSignal, useUpdateSignal } from '../api/change-signal';

interface SignalFormDialogProps {
  /** The signal being edited (locked by the caller), or none for a new one. */
  signal: Signal | null;
  /** Closes the dialog, after a save or a cancel. */
  onClose: () => void;
}

const NO_FAILURE: SaveFailure = { fields: {}, text: null, conflict: false };

function issuesByPath(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.join('.')] ??= issueMessage(issue);
  return errors;
}

/**
 * Creates a signal, or edits one the caller holds locked over the version it read. The key is set once: codecs and
 * readings refer to the signal by it. A failed save keeps the input.
 */
export function SignalFormDialog({ signal, onClose }: SignalFormDialogProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const create = useCreateSignal();
  const update = useUpdateSignal();
  const [key, setKey] = useState(signal?.key ?? '');
  const [name, setName] = useState(signal?.name ?? '');
  const [unit, setUnit] = useState(signal?.unit ?? '');
  const [type, setType] = useState<SignalType>(signal?.parameters.type ?? 'value');
  const [showInList, setShowInList] = useState(signal?.parameters.showInList ?? false);
  const [failure, setFailure] = useState<SaveFailure>(NO_FAILURE);
  const saving = create.isPending || update.isPending;

  const report = {
    onSuccess: () => {
      snackbar.showSuccess(t('app.updated'));
      onClose();
    },
    onError: (error: unknown) => setFailure(saveFailureOf(t, error)),
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parameters = { type, showInList };
    const checked = signal
      ? UpdateSignalRequest.safeParse({ uuid: signal.uuid, version: signal.version, name, unit, parameters })
      : CreateSignalRequest.safeParse({ key, name, unit, parameters });
    if (!checked.success) {
      setFailure({ ...NO_FAILURE, fields: issuesByPath(checked.error.issues) });
      return;
    }
    setFailure(NO_FAILURE);
    if (signal) update.mutate(checked.data as UpdateSignalRequest, report);
    else create.mutate(checked.data as CreateSignalRequest, report);
  };

  const fieldError = (path: string) => {
    const error = failure.fields[path];
    return error ? { error: true, helperText: messageText(t, error) } : {};
  };

  return (
    <Dialog open onClose={() => !saving && onClose()} aria-labelledby="signal-form-title" maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="signal-form-title">
          {signal ? t('arch.signals.editTitle', { key: signal.key }) : t('arch.signals.createTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure.text && <Alert severity="error">{failure.text}</Alert>}
            {!signal && (
              <TextField
                label={t('arch.signals.key')}
                value={key}
                onChange={(event) => setKey(event.target.value)}
                required
                autoFocus
                {...(fieldError('key').error ? fieldError('key') : { helperText: t('arch.signals.keyHint') })}
              />
            )}
            <TextField
              label={t('arch.signals.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              autoFocus={Boolean(signal)}
              {...fieldError('name')}
            />
            <TextField
              label={t('arch.signals.unit')}
              value={unit}
              onChange={(event) => setUnit(event.target.value)}
              {...fieldError('unit')}
            />
            <TextField
              select
              label={t('arch.signals.type')}
              value={type}
              onChange={(event) => setType(event.target.value as SignalType)}
              {...fieldError('parameters.type')}
            >
              {SIGNAL_TYPES.map((option) => (
                <MenuItem key={option} value={option}>
                  {t(`arch.signalType.${option}`)}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={<Checkbox checked={showInList} onChange={(event) => setShowInList(event.target.checked)} />}
              label={t('arch.signals.showInList')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose()} disabled={saving}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={saving || failure.conflict}>
            {t('arch.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
