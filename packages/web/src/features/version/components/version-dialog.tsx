import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { vendor } from '@vendor';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentEndpointSet } from '@/config/endpoints';
import { endpointSetLabel } from '@/lib/endpoint-set-label';
import { errorMessage } from '@/lib/error-message';
import { useInfo } from '../api/get-info';
import { LOADED_VERSION } from '../version';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="div" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr' }, gap: 0.5 }}>
      <Typography component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** "About": the version of this web app and of the server it talks to (`GET /info`). */
export function VersionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const info = useInfo({ enabled: open });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="version-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="version-dialog-title">{t('version.title', { product: vendor.title })}</DialogTitle>
      <DialogContent>
        <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
          <Row label={t('version.app')}>{LOADED_VERSION ?? t('version.development')}</Row>
          <Row label={t('version.server')}>
            {info.data ? info.data.serverVersion : info.isError ? '—' : <Skeleton width="8rem" />}
          </Row>
          <Row label={t('version.endpointSet')}>{endpointSetLabel(t, currentEndpointSet().name)}</Row>
        </Stack>
        {info.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(t, info.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
