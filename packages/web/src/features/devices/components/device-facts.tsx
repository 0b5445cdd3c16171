import type { Device } from '@iot/shared';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { formatLocale } from '@/i18n';
import { isRecent, relativeTime } from '../lib/last-seen';

/** The parameterization status in its colour of SPEC section 4, worded by the server; nothing when never set. */
export function ParameterizationChip({ device }: { device: Device }) {
  const { parameterization } = device;
  if (!parameterization) return null;
  return (
    <Chip
      size="small"
      label={parameterization.label}
      sx={{ bgcolor: parameterization.colour, color: '#fff', fontWeight: 500, maxWidth: '100%' }}
    />
  );
}

/** When the device was last heard from, relative to now, with a dot that is green while it counts as recent. */
export function LastSeen({ device }: { device: Pick<Device, 'lastSeenAt'> }) {
  const { t, i18n } = useTranslation();
  if (!device.lastSeenAt) return <Box sx={{ color: 'text.disabled' }}>{t('devices.neverSeen')}</Box>;
  const recent = isRecent(device.lastSeenAt);
  return (
    <Tooltip title={new Date(device.lastSeenAt).toLocaleString(formatLocale(i18n.language))}>
      {/* As wide as its cell at most, so that a long time ("15 minutes ago") takes a second line instead of losing its end. */}
      <Box
        component="span"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, minWidth: 0, maxWidth: '100%' }}
      >
        <Box
          component="span"
          role="img"
          aria-label={recent ? t('devices.recent') : t('devices.notRecent')}
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            flexShrink: 0,
            bgcolor: recent ? 'success.main' : 'text.disabled',
          }}
        />
        <Box component="span" sx={{ whiteSpace: 'normal', lineHeight: 1.3, minWidth: 0 }}>
          {relativeTime(device.lastSeenAt, formatLocale(i18n.language))}
        </Box>
      </Box>
    </Tooltip>
  );
}
