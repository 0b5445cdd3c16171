import type { DeviceLocation, LocationState } from '@iot/shared';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import LocationDisabledOutlined from '@mui/icons-material/LocationDisabledOutlined';
import LocationOffOutlined from '@mui/icons-material/LocationOffOutlined';
import NotListedLocationOutlined from '@mui/icons-material/NotListedLocationOutlined';
import WhereToVoteOutlined from '@mui/icons-material/WhereToVoteOutlined';
import WrongLocationOutlined from '@mui/icons-material/WrongLocationOutlined';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Tooltip from '@mui/material/Tooltip';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocale } from '@/i18n';
import { dwellParts, shortMoment } from '../lib/location-text';

interface StateLook {
  icon: ComponentType<SvgIconProps>;
  colour: NonNullable<ChipProps['color']>;
  /** Filled rather than outlined: the states someone should act on stand out in a list. */
  alarming: boolean;
}

/** How each state shows, everywhere it does: its icon and colour; a forbidden place and a lost device in full colour. */
export const LOCATION_STATE_LOOKS: Record<LocationState, StateLook> = {
  inTransit: { icon: LocalShippingOutlined, colour: 'info', alarming: false },
  atPoi: { icon: WhereToVoteOutlined, colour: 'success', alarming: false },
  atForbiddenPoi: { icon: WrongLocationOutlined, colour: 'error', alarming: true },
  atUnknownLocation: { icon: NotListedLocationOutlined, colour: 'default', alarming: false },
  lost: { icon: LocationOffOutlined, colour: 'warning', alarming: true },
  unavailable: { icon: LocationDisabledOutlined, colour: 'default', alarming: false },
};

type ChipLocation = Pick<DeviceLocation, 'state'> & { place: { name: string } | null };

/** The state's name, with the place's when at one ("At POI: Porto plant"). */
export function useLocationStateText() {
  const { t } = useTranslation();
  return (location: ChipLocation) => {
    const state = t(`location.${location.state}`);
    return location.place?.name ? t('locations.atPlace', { state, place: location.place.name }) : state;
  };
}

// A long place name takes a second line rather than lose its end, where a cell is narrow.
const twoLines = {
  height: 'auto',
  minHeight: 24,
  py: 0.25,
  '& .MuiChip-label': {
    whiteSpace: 'normal',
    overflowWrap: 'anywhere',
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    lineHeight: 1.25,
  },
} as const;

/**
 * A device's location state as a chip in its colour with its icon: the place's name when at one (the icon and colour
 * tell a forbidden place apart), the state's otherwise. The whole wording shows on hover and is the chip's name.
 */
export function LocationStateChip({ location, wrap = false }: { location: ChipLocation; wrap?: boolean }) {
  const { t } = useTranslation();
  const text = useLocationStateText()(location);
  const look = LOCATION_STATE_LOOKS[location.state];
  const Icon = look.icon;
  return (
    <Tooltip title={text}>
      <Chip
        size="small"
        icon={<Icon />}
        color={look.colour}
        variant={look.alarming ? 'filled' : 'outlined'}
        label={location.place?.name || t(`location.${location.state}`)}
        sx={{
          maxWidth: '100%',
          fontWeight: 500,
          ...(location.state === 'unavailable' ? { color: 'text.secondary' } : {}),
          ...(wrap ? twoLines : {}),
        }}
      />
    </Tooltip>
  );
}

/** A state's name after its icon in its colour, as a menu lists the states. */
export function LocationStateName({ state }: { state: LocationState }) {
  const { t } = useTranslation();
  const look = LOCATION_STATE_LOOKS[state];
  const Icon = look.icon;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Icon
        fontSize="small"
        sx={{ color: look.colour === 'default' ? 'text.secondary' : `${look.colour}.main`, flexShrink: 0 }}
      />
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {t(`location.${state}`)}
      </Box>
    </Box>
  );
}

/** A dwell worded in its two largest units ("2 d 3 h", "45 min"). */
export function useDwellText() {
  const { t } = useTranslation();
  return (ms: number) => {
    const parts = dwellParts(ms);
    switch (parts.unit) {
      case 'days':
        return parts.hours
          ? t('locations.dwell.days', { days: parts.days, hours: parts.hours })
          : t('locations.dwell.wholeDays', { days: parts.days });
      case 'hours':
        return parts.minutes
          ? t('locations.dwell.hours', { hours: parts.hours, minutes: parts.minutes })
          : t('locations.dwell.wholeHours', { hours: parts.hours });
      case 'minutes':
        return t('locations.dwell.minutes', { minutes: parts.minutes });
      case 'underMinute':
        return t('locations.dwell.underMinute');
    }
  };
}

/** The chip and since when the device is in that state (how long, on hover): beside it, or under it where short. */
export function DeviceLocationState({ location }: { location: DeviceLocation }) {
  const { t, i18n } = useTranslation();
  const dwellText = useDwellText();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.25, minWidth: 0 }}>
      <LocationStateChip location={location} wrap />
      {location.since && (
        <Tooltip title={dwellText(Date.now() - Date.parse(location.since))}>
          <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem', whiteSpace: 'nowrap' }}>
            {t('locations.since', { date: shortMoment(location.since, formatLocale(i18n.language)) })}
          </Box>
        </Tooltip>
      )}
    </Box>
  );
}
