import { isRecentSignal } from '@iot/shared';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { formatLocale } from '@/i18n';

/** A reading's date and time in the interface language. */
export function useDateText() {
  const { i18n } = useTranslation();
  const locale = formatLocale(i18n.language);
  return (date: string) => new Date(date).toLocaleString(locale);
}

/** A latest value older than the recent window (SPEC section 9) is muted, so it does not pass for a live one. */
export const staleValueSx = (date: string) => (isRecentSignal(date) ? {} : { color: 'text.secondary' });

/**
 * A reading's date, marked "Not recent" once older than the recent window. Read at each render: a live event or a
 * refetch of the device draws it again, as the last-seen dot is.
 */
export function ReadingDate({ date }: { date: string }) {
  const { t } = useTranslation();
  const dateText = useDateText();
  return (
    <Stack component="span" direction="row" sx={{ alignItems: 'center', columnGap: 0.75, flexWrap: 'wrap' }}>
      <span>{dateText(date)}</span>
      {!isRecentSignal(date) && (
        <Tooltip title={t('device.signal.notRecentHint')}>
          <Chip
            component="span"
            size="small"
            variant="outlined"
            label={t('device.signal.notRecent')}
            sx={{ height: 20, fontSize: '0.75rem', color: 'text.secondary' }}
          />
        </Tooltip>
      )}
    </Stack>
  );
}
