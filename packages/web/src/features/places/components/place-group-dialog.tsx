import type { PlaceGroup } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { messageText } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { useSavePlaceGroup } from '../api/places';
import { type GroupDraft, groupDraftIssues, groupDraftOf, groupValuesOf } from '../lib/place-form';

type Input = 'name' | 'enterAfterMinutes' | 'lostAfterHours';
/** Where the server's reason for each input comes from (the request's field). */
const SERVER_PATH: Record<Input, string> = {
  name: 'name',
  enterAfterMinutes: 'enterAfterMs',
  lostAfterHours: 'lostAfterMs',
};

/**
 * Creates or edits a POI group: its name, whether its places are forbidden, how long a device must stay inside before
 * it counts as at one of them, and how long without any message makes a device lost.
 */
export function PlaceGroupDialog({
  businessId,
  group,
  onClose,
  onSaved,
}: {
  /** The level a new group goes to. */
  businessId: string;
  group?: PlaceGroup;
  onClose: () => void;
  onSaved: (group: PlaceGroup) => void;
}) {
  const { t } = useTranslation();
  const save = useSavePlaceGroup();
  const [draft, setDraft] = useState<GroupDraft>(() => groupDraftOf(group));
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const issues = groupDraftIssues(draft);
  const shown = (input: Input) => {
    const fromServer = serverErrors[SERVER_PATH[input]];
    if (fromServer) return messageText(t, fromServer);
    const code = issues[input];
    if (!code) return undefined;
    return code !== 'validation.required' || submitted || touched.has(input) ? messageText(t, code) : undefined;
  };
  const change = (next: Partial<GroupDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setTouched((current) => new Set([...current, ...Object.keys(next)]));
    setServerErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(issues).length > 0) return;
    setServerErrors({});
    const values = groupValuesOf(draft);
    const handlers = {
      onSuccess: onSaved,
      onError: (error: unknown) => {
        if (isApiError(error, 400)) setServerErrors(error.fields);
      },
    };
    if (group)
      save.mutate(
        { update: { businessId: group.businessId, groupId: group._id, version: group.version, ...values } },
        handlers,
      );
    else save.mutate({ create: { businessId, ...values } }, handlers);
  };

  const failure = save.error;
  const failureText = !failure
    ? undefined
    : isApiError(failure, 409)
      ? t('places.conflict')
      : isApiError(failure, 400) && Object.keys(failure.fields).length > 0
        ? undefined
        : errorMessage(t, failure);
  const field = (input: Input, label: string, unit: string) => {
    const error = shown(input);
    return (
      <TextField
        label={label}
        required
        value={draft[input]}
        error={Boolean(error)}
        helperText={error}
        onChange={(event) => change({ [input]: event.target.value })}
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> },
        }}
      />
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="place-group-dialog-title" maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="place-group-dialog-title">
          {group ? t('places.group.editTitle', { name: group.name }) : t('places.group.createTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failureText && <Alert severity={isApiError(failure, 409) ? 'warning' : 'error'}>{failureText}</Alert>}
            <TextField
              label={t('places.group.name')}
              required
              autoFocus
              value={draft.name}
              error={Boolean(shown('name'))}
              helperText={shown('name')}
              onChange={(event) => change({ name: event.target.value })}
            />
            <FormControlLabel
              control={
                <Switch checked={draft.forbidden} onChange={(event) => change({ forbidden: event.target.checked })} />
              }
              label={t('places.group.forbidden')}
            />
            {field('enterAfterMinutes', t('places.group.enterAfter'), t('places.group.minutes'))}
            {field('lostAfterHours', t('places.group.lostAfter'), t('places.group.hours'))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('app.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {group ? t('places.save') : t('places.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
