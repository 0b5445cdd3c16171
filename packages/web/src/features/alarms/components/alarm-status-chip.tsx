import type { AlarmStatus } from '@iot/shared';
import Chip from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { AlarmColors } from '@/vendors/vendor';
import { alarmStatusColour } from '../lib/alarm-status';

/** An alarm's status in the business's alarm colour (SPEC section 9), its text in a colour that reads on it. */
export function AlarmStatusChip({ status, colours }: { status: AlarmStatus; colours: AlarmColors }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const background = alarmStatusColour(status, colours);
  return (
    <Chip
      size="small"
      label={t(`alarms.status.${status}`)}
      sx={{
        bgcolor: background,
        color: theme.palette.getContrastText(background),
        fontWeight: 600,
        // The "ok" colour is white: an outline keeps the chip visible on a white page.
        border: 1,
        borderColor: status === 'acknowledged' ? 'divider' : background,
      }}
    />
  );
}
