import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { type UIEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLevelDevices } from '../api/journeys';

interface PickedDevice {
  uuid: string;
  description: string;
}

/** How close to the end of the list (in pixels) scrolling asks for the next page of devices. */
const LOAD_AHEAD_PX = 80;

interface JourneyDevicePickerProps {
  businessId: string;
  value: string | null;
  onChange: (uuid: string | null) => void;
  error?: string;
}

/**
 * The devices of the level and its sublevels, searchable by description or id, for a new journey; further pages
 * load as the list is scrolled to its end. Whether a device is already in a journey is the server's to say.
 */
export function JourneyDevicePicker({ businessId, value, onChange, error }: JourneyDevicePickerProps) {
  const { t } = useTranslation();
  const devices = useLevelDevices(businessId);
  const options = useMemo<PickedDevice[]>(
    () =>
      (devices.data?.pages ?? []).flatMap((page) =>
        page.items.map((device) => ({ uuid: device.uuid, description: device.description })),
      ),
    [devices.data],
  );
  const chosen = options.find((device) => device.uuid === value) ?? null;

  const onScroll = (event: UIEvent<HTMLElement>) => {
    const list = event.currentTarget;
    if (list.scrollTop + list.clientHeight >= list.scrollHeight - LOAD_AHEAD_PX && devices.hasNextPage) {
      if (!devices.isFetchingNextPage) void devices.fetchNextPage();
    }
  };

  return (
    <Autocomplete
      options={options}
      value={chosen}
      loading={devices.isPending || devices.isFetchingNextPage}
      onChange={(_event, device) => onChange(device?.uuid ?? null)}
      getOptionLabel={(device) => device.description || device.uuid}
      isOptionEqualToValue={(option, selected) => option.uuid === selected.uuid}
      filterOptions={(list, state) => {
        const needle = state.inputValue.trim().toLowerCase();
        return needle
          ? list.filter(
              (device) =>
                device.description.toLowerCase().includes(needle) || device.uuid.toLowerCase().includes(needle),
            )
          : list;
      }}
      renderOption={(props, device) => {
        const { key, ...optionProps } = props;
        return (
          <Box
            component="li"
            key={key}
            {...optionProps}
            sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start !important' }}
          >
            <span>{device.description || device.uuid}</span>
            <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.75rem', fontFamily: 'monospace' }}>
              {device.uuid}
            </Box>
          </Box>
        );
      }}
      noOptionsText={devices.isError ? t('journeys.devicesFailed') : t('journeys.noDevices')}
      loadingText={t('app.loading')}
      slotProps={{ listbox: { onScroll } }}
      renderInput={(params) => (
        <TextField
          {...params}
          required
          label={t('journeys.device')}
          placeholder={t('journeys.searchDevice')}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
