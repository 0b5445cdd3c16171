import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Why a save failed; `conflict`: someone else saved first, so the editor offers to start over from their version. */
export interface SaveFailure {
  text: string;
  conflict: boolean;
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
