import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeployedVersion } from '../api/get-deployed-version';
import { isNewVersion, LOADED_VERSION } from '../version';

/**
 * SPEC sections 2 and 9: when the deployed version differs from the one this page loaded with, offers a reload.
 * "Later" hides the offer until yet another version is deployed.
 */
export function NewVersionPrompt({ loadedVersion = LOADED_VERSION }: { loadedVersion?: string }) {
  const { t } = useTranslation();
  const deployed = useDeployedVersion({ enabled: Boolean(loadedVersion) });
  const [dismissed, setDismissed] = useState<string | null>(null);
  const deployedVersion = deployed.data?.version;
  const open = isNewVersion(loadedVersion, deployedVersion) && dismissed !== deployedVersion;

  return (
    <Snackbar
      open={open}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      message={t('version.newAvailable')}
      action={
        <>
          <Button color="inherit" size="small" onClick={() => setDismissed(deployedVersion ?? null)}>
            {t('version.later')}
          </Button>
          <Button
            variant="contained"
            color="secondary"
            size="small"
            onClick={() => window.location.reload()}
            sx={{ ml: 1 }}
          >
            {t('version.reload')}
          </Button>
        </>
      }
    />
  );
}
