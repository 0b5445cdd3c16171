import { issueMessage, type Journey, type JourneyAction, JourneyActionRequest } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { messageText } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { useChangeJourney } from '../api/journeys';

interface JourneyActionDialogProps {
  journey: Journey;
  action: JourneyAction;
  onClose: () => void;
}

/**
 * Confirms an action on a journey (pause, restart, finalize, cancel) with an optional comment, or adds a comment
 * (required). A conflict (someone acted first) closes it with the conflict message while the journey is read again.
 */
export function JourneyActionDialog({ journey, action, onClose }: JourneyActionDialogProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const change = useChangeJourney();
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const commentRequired = action === 'comment';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = JourneyActionRequest.safeParse({ version: journey.version, comment });
    if (!checked.success) {
      setCommentError(issueMessage(checked.error.issues[0] ?? { message: 'validation.invalid' }));
      return;
    }
    if (commentRequired && !checked.data.comment) {
      setCommentError('journey.comment_required');
      return;
    }
    setCommentError(null);
    change.mutate(
      { journeyId: journey._id, action, ...checked.data },
      {
        onSuccess: () => {
          snackbar.showSuccess(t(`journeys.done.${action}`));
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'conflict') {
            snackbar.showError(t('conflict'));
            onClose();
          } else if (isApiError(error, 400) && error.fields.comment) setCommentError(error.fields.comment);
          else setFailure(errorMessage(t, error));
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="journey-action-title" maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="journey-action-title">{t(`journeys.actionTitle.${action}`)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t(`journeys.actionText.${action}`, { name: journey.description })}</DialogContentText>
            <TextField
              label={commentRequired ? t('journeys.comment') : t('journeys.commentOptional')}
              value={comment}
              required={commentRequired}
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
          {/* "Cancel" beside "Cancel journey" would read as the same thing. */}
          <Button onClick={onClose}>{action === 'cancel' ? t('journeys.keep') : t('app.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            color={action === 'cancel' ? 'error' : 'primary'}
            loading={change.isPending}
          >
            {t(`journeys.action.${action}`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
