import type { ReadingsAnswer } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { formatLocale } from '@/i18n';
import { signalNotices } from '../lib/readings-view';

/**
 * SPEC section 8: a signal with more readings than one query may bring says "Consult size limit exceeded", with how
 * many there were and from which date on they are shown; a signal with none says "Data not available".
 */
export function ReadingsNotices({
  signals,
  nameOf,
}: {
  signals: ReadingsAnswer['signals'];
  nameOf: (signal: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const locale = formatLocale(i18n.language);
  const notices = signalNotices(signals);
  if (notices.length === 0) return null;
  return (
    <Stack spacing={1}>
      {notices.map((notice) =>
        notice.kind === 'truncated' ? (
          <Alert key={notice.signal} severity="warning">
            {t('device.data.truncated', {
              signal: nameOf(notice.signal),
              total: new Intl.NumberFormat(locale).format(notice.total),
              cutoff: notice.cutoff === null ? '—' : new Date(notice.cutoff).toLocaleString(locale),
            })}
          </Alert>
        ) : (
          <Alert key={notice.signal} severity="info">
            {t('device.data.signalNoData', { signal: nameOf(notice.signal) })}
          </Alert>
        ),
      )}
    </Stack>
  );
}
