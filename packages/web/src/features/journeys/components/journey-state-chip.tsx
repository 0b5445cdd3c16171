import type { JourneyState } from '@iot/shared';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** Running reads as going well, paused as waiting, finished as done, cancelled as set aside. */
const COLOURS: Record<JourneyState, ChipProps['color']> = {
  running: 'success',
  paused: 'warning',
  finished: 'info',
  cancelled: 'default',
};

export function JourneyStateChip({ state }: { state: JourneyState }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={COLOURS[state]}
      variant={state === 'cancelled' ? 'outlined' : 'filled'}
      label={t(`journeys.state.${state}`)}
      sx={{ fontWeight: 600, flexShrink: 0 }}
    />
  );
}
