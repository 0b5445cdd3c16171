import { AcknowledgeAlarmRequest, type Alarm, CommentAlarmRequest, issueMessage, SNOOZE_MINUTES } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { formatLocale, messageText } from '@/i18n';
import { signalName } from '@/i18n/codec-names';
import { errorMessage } from '@/lib/error-message';
import { type AlarmChange, useChangeAlarm } from '../api/change-alarm';
import { ALARM_PAGES_KEY } from '../api/get-alarms';

export type AlarmChangeKind = AlarmChange['kind'];

/** Acknowledge (comment optional), snooze for a chosen time (comment optional) or comment (required) an alarm. */
export function AlarmChangeDialog({
  alarm,
  kind,
  onClose,
}: {
  alarm: Alarm;
  kind: AlarmChangeKind;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const change = useChangeAlarm();
  const [comment, setComment] = useState('');
  const [minutes, setMinutes] = useState<number>(SNOOZE_MINUTES[1]);
  const [commentError, setCommentError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = (kind === 'comment' ? CommentAlarmRequest : AcknowledgeAlarmRequest).safeParse({
      version: alarm.version,
      comment,
    });
    if (!checked.success) {
      setCommentError(issueMessage(checked.error.issues[0] ?? { message: 'validation.invalid' }));
      return;
    }
    setCommentError(null);
    const text = comment.trim();
    const body: AlarmChange =
      kind === 'comment'
        ? { kind, id: alarm.id, version: alarm.version, comment: text }
        : kind === 'snooze'
          ? { kind, id: alarm.id, version: alarm.version, minutes, ...(text ? { comment: text } : {}) }
          : { kind, id: alarm.id, version: alarm.version, ...(text ? { comment: text } : {}) };
    change.mutate(body, {
      onSuccess: () => {
        snackbar.showSuccess(t(`alarms.done.${kind}`));
        onClose();
      },
      onError: (error) => {
        if (isApiError(error, 400) && error.fields.comment) setCommentError(error.fields.comment);
        else if (isApiError(error) && error.code === 'conflict') {
          // Someone changed the alarm meanwhile: the list shows it as it is now, the user decides again.
          setFailure(t('alarms.changedMeanwhile'));
          void queryClient.invalidateQueries({ queryKey: ALARM_PAGES_KEY });
        } else setFailure(errorMessage(t, error));
      },
    });
  };

  const snoozeLabel = (value: number) =>
    new Intl.NumberFormat(formatLocale(i18n.language), {
      style: 'unit',
      unit: value < 60 ? 'minute' : 'hour',
      unitDisplay: 'long',
    }).format(value < 60 ? value : value / 60);

  return (
    <Dialog open onClose={onClose} aria-labelledby="alarm-change-title" maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="alarm-change-title">{t(`alarms.${kind}Title`)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              {t('alarms.changeSubject', {
                number: alarm.number,
                signal: signalName(t, alarm.signal, alarm.signalName),
                device: alarm.device.description,
              })}
            </DialogContentText>
            {kind === 'snooze' && (
              <TextField
                select
                label={t('alarms.snoozeFor')}
                value={minutes}
                onChange={(event) => setMinutes(Number(event.target.value))}
              >
                {SNOOZE_MINUTES.map((value) => (
                  <MenuItem key={value} value={value}>
                    {snoozeLabel(value)}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              label={kind === 'comment' ? t('alarms.comment') : t('alarms.commentOptional')}
              value={comment}
              required={kind === 'comment'}
              multiline
              minRows={2}
              autoFocus
              onChange={(event) => setComment(event.target.value)}
              error={Boolean(commentError)}
              helperText={commentError ? messageText(t, commentError) : undefined}
            />
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('app.cancel')}</Button>
          <Button type="submit" variant="contained" loading={change.isPending}>
            {t(`alarms.${kind}`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
