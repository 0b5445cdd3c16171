import { SIGFOX_TOKEN_WARNING_RATIO, type SigfoxTokenRecord } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { currentLanguage, formatLocale } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { useSigfoxTokens } from '../api/get-sigfox-tokens';
import { hasTokenWarning, isTokenWarning } from '../token-warning';

function TokenRecord({ record }: { record: SigfoxTokenRecord }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const count = new Intl.NumberFormat(formatLocale(language));
  const percent = new Intl.NumberFormat(formatLocale(language), { style: 'percent', maximumFractionDigits: 1 });
  const warning = isTokenWarning(record);
  const labelId = `sigfox-token-${record.type}`;
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 0.75 }}>
        <Typography id={labelId} sx={{ fontWeight: 600 }}>
          {record.type}
        </Typography>
        <Typography sx={{ fontWeight: 600, color: warning ? 'warning.dark' : 'text.secondary' }}>
          {percent.format(record.tokenRatio)}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={Math.min(Math.max(record.tokenRatio, 0), 1) * 100}
        color={warning ? 'warning' : 'primary'}
        aria-labelledby={labelId}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.75 }}>
        {t('sigfoxTokens.inUse', { inUse: count.format(record.tokensInUse), max: count.format(record.maxTokens) })}
        {' · '}
        {t('sigfoxTokens.used', { used: count.format(record.tokensUsed) })}
      </Typography>
    </Box>
  );
}

function TokenRecords() {
  const { t } = useTranslation();
  const tokens = useSigfoxTokens();

  if (tokens.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  }
  if (tokens.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void tokens.refetch()} disabled={tokens.isFetching}>
            {t('app.retry')}
          </Button>
        }
      >
        {t('sigfoxTokens.loadFailed')}{' '}
        {isApiError(tokens.error, 404) ? t('sigfoxTokens.notAvailable') : errorMessage(t, tokens.error)}
      </Alert>
    );
  }
  if (tokens.data.length === 0) {
    return <Typography sx={{ color: 'text.secondary', py: 2 }}>{t('sigfoxTokens.empty')}</Typography>;
  }
  return (
    <Stack spacing={2.5}>
      {hasTokenWarning(tokens.data) && (
        <Alert severity="warning">
          {t('sigfoxTokens.warningDetail', { percent: SIGFOX_TOKEN_WARNING_RATIO * 100 })}
        </Alert>
      )}
      <Stack component="ul" spacing={2.5} sx={{ m: 0, p: 0 }}>
        {tokens.data.map((record) => (
          <TokenRecord key={record.type} record={record} />
        ))}
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('sigfoxTokens.computed')}
      </Typography>
    </Stack>
  );
}

/**
 * The Sigfox token status of the architecture menu (provider staff): each token type's use against its maximum, as the
 * server counts it from contracts and devices (nothing to edit here).
 */
export function SigfoxTokensDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="sigfox-tokens-title" maxWidth="sm" fullWidth>
      <DialogTitle id="sigfox-tokens-title">{t('sigfoxTokens.title')}</DialogTitle>
      <DialogContent>{open && <TokenRecords />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
