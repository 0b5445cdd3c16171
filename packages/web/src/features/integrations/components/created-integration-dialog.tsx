import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SecretField } from '@/components/secret-field';
import { currentEndpointSet } from '@/config/endpoints';
import type { NewIntegration } from '../api/integrations';
import { callbackUrl } from '../lib/callback-url';

/** The token of a new integration, the only time it is shown, and the callback URL to give the network. */
export function CreatedIntegrationDialog({ created, onClose }: { created: NewIntegration; onClose: () => void }) {
  const { t } = useTranslation();
  const { network } = created.integration;
  const url = callbackUrl(network, currentEndpointSet().apiBaseUrl, window.location.origin, created.token);
  return (
    <Dialog open onClose={onClose} aria-labelledby="created-integration-title" maxWidth="sm" fullWidth>
      <DialogTitle id="created-integration-title">{t('integrations.createdTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{t('integrations.shownOnce')}</Alert>
          <SecretField label={t('integrations.token')} value={created.token} />
          <SecretField label={t('integrations.callbackUrl')} value={url} />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t(network === 'sigfox' ? 'integrations.callbackHelp.query' : 'integrations.callbackHelp.header')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('app.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
