import { Alert, Button } from '@mui/material';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { errorMessage } from '@/lib/error-message';

/** Why a save failed; `conflict`: someone else saved first, so the editor offers to start over from their version. */
export interface SaveFailure {
  text: string;
  conflict: boolean;
}

/**
 * The failure an editor shows in place for a save lost to someone else's (409) or refused (400); `null` for any other,
 * which the app's error snackbar reports (the mutation lists 400 and 409 as `handledStatuses`).
 */
export function saveFailureOf(t: TFunction, error: unknown): SaveFailure | null {
  const conflict = isApiError(error, 409);
  if (!conflict && !isApiError(error, 400)) return null;
  return { text: conflict ? t('conflict') : errorMessage(t, error), conflict };
}

/** The message of a failed save, with "Start over" when the save lost to someone else's. */
export function SaveFailureAlert({ failure, onStartOver }: { failure: SaveFailure | null; onStartOver: () => void }) {
  const { t } = useTranslation();
  if (!failure) return null;
  return (
    <Alert
      severity="error"
      action={
        failure.conflict ? (
          <Button color="inherit" size="small" onClick={onStartOver}>
            {t('app.startOver')}
          </Button>
        ) : undefined
      }
    >
      {failure.text}
    </Alert>
  );
}
