import type { IntegrationHealth } from '@iot/shared';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatLocale } from '@/i18n';

/** How an integration's calls went: the last one, the counts over 24 hours and the last error, with its time. */
export function IntegrationHealthSummary({ health }: { health: IntegrationHealth }) {
  const { t, i18n } = useTranslation();
  const dates = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  const { last24h, lastError } = health;
  return (
    <Stack spacing={0.25}>
      <Typography variant="body2">
        {health.lastCallAt === null
          ? t('integrations.health.never')
          : t('integrations.health.lastCall', { date: dates.format(health.lastCallAt) })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('integrations.health.counts', {
          stored: last24h.stored,
          duplicates: last24h.duplicates,
          refused: last24h.refused,
          unknownDevices: last24h.unknownDevices,
        })}
      </Typography>
      {lastError && (
        <Typography variant="body2" color="error" sx={{ wordBreak: 'break-word' }}>
          {t('integrations.health.lastError', { date: dates.format(lastError.at), message: lastError.message })}
        </Typography>
      )}
    </Stack>
  );
}
