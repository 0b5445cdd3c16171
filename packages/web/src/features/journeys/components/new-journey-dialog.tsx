import { CreateJourneyRequest, issueMessage, type Journey } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { messageText } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { useCreateJourney } from '../api/journeys';
import { JourneyDevicePicker } from './journey-device-picker';

const FIELDS = ['description', 'deviceUUID', 'comment'] as const;
type Field = (typeof FIELDS)[number];
const isField = (path: unknown): path is Field => FIELDS.includes(path as Field);

interface NewJourneyDialogProps {
  /** The level the journey belongs to: the device's own in a device's tab, the tab's level otherwise. */
  businessId: string;
  /** The device of a device's tab; absent, the dialog offers the level's devices. */
  device?: { uuid: string; description: string };
  onClose: () => void;
  onCreated: (journey: Journey) => void;
}

/**
 * Starts a journey (SPEC section 3): a description, the device it follows and an optional comment; it starts running.
 * A device already in a running or paused journey is refused by the server, whose message shows above the inputs.
 */
export function NewJourneyDialog({ businessId, device, onClose, onCreated }: NewJourneyDialogProps) {
  const { t } = useTranslation();
  const create = useCreateJourney();
  const [description, setDescription] = useState('');
  const [deviceUUID, setDeviceUUID] = useState<string | null>(device?.uuid ?? null);
  const [comment, setComment] = useState('');
  const [issues, setIssues] = useState<Partial<Record<Field, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = CreateJourneyRequest.safeParse({ description, deviceUUID: deviceUUID ?? '', comment });
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if (isField(field)) found[field] ??= issueMessage(issue);
      }
      setIssues(found);
      return;
    }
    setIssues({});
    create.mutate(
      { businessId, ...checked.data },
      {
        onSuccess: onCreated,
        onError: (error) => {
          if (isApiError(error, 400))
            setIssues(Object.fromEntries(Object.entries(error.fields).filter(([path]) => isField(path))));
        },
      },
    );
  };

  const failure = create.error;
  // A refusal whose reasons all sit beside their inputs needs no message above them.
  const placed =
    isApiError(failure, 400) &&
    Object.keys(failure.fields).length > 0 &&
    Object.keys(failure.fields).every((path) => isField(path));
  const shown = (field: Field) => (issues[field] ? messageText(t, issues[field]) : undefined);

  return (
    <Dialog open onClose={onClose} aria-labelledby="new-journey-title" maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="new-journey-title">{t('journeys.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && !placed && <Alert severity="error">{errorMessage(t, failure)}</Alert>}
            <TextField
              label={t('journeys.description')}
              required
              autoFocus
              value={description}
              error={Boolean(issues.description)}
              helperText={shown('description')}
              onChange={(event) => setDescription(event.target.value)}
            />
            {device ? (
              <TextField
                label={t('journeys.device')}
                value={device.description || device.uuid}
                slotProps={{ input: { readOnly: true } }}
              />
            ) : (
              <JourneyDevicePicker
                businessId={businessId}
                value={deviceUUID}
                onChange={setDeviceUUID}
                error={shown('deviceUUID')}
              />
            )}
            <TextField
              label={t('journeys.commentOptional')}
              multiline
              minRows={2}
              value={comment}
              error={Boolean(issues.comment)}
              helperText={shown('comment')}
              onChange={(event) => setComment(event.target.value)}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('app.cancel')}</Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t('journeys.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
