import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { type UIEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFreeDevices } from '../api/assets';

/** A device as the picker names it. */
export interface PickedDevice {
  uuid: string;
  description: string;
}

/** How close to the end of the list (in pixels) scrolling asks for the next page of free devices. */
const LOAD_AHEAD_PX = 80;

interface FreeDevicePickerProps {
  businessId: string;
  /** The device linked now: offered too, though it is not free. */
  current: PickedDevice | null;
  value: string | null;
  onChange: (uuid: string | null) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * The devices of the level's subtree that no asset has, searchable by description or id; clearing it leaves the
 * asset without a device. Further pages load as the list is scrolled to its end.
 */
export function FreeDevicePicker({ businessId, current, value, onChange, error, disabled }: FreeDevicePickerProps) {
  const { t } = useTranslation();
  const free = useFreeDevices(businessId);
  const options = useMemo(() => {
    const devices: PickedDevice[] = (free.data?.pages ?? []).flatMap((page) =>
      page.items.map((device) => ({ uuid: device.uuid, description: device.description })),
    );
    return current && !devices.some((device) => device.uuid === current.uuid) ? [current, ...devices] : devices;
  }, [free.data, current]);
  const chosen = options.find((device) => device.uuid === value) ?? (value ? { uuid: value, description: '' } : null);

  const onScroll = (event: UIEvent<HTMLElement>) => {
    const list = event.currentTarget;
    if (list.scrollTop + list.clientHeight >= list.scrollHeight - LOAD_AHEAD_PX && free.hasNextPage) {
      if (!free.isFetchingNextPage) void free.fetchNextPage();
    }
  };

  return (
    <Autocomplete
      options={options}
      value={chosen}
      disabled={disabled}
      loading={free.isPending || free.isFetchingNextPage}
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
      noOptionsText={free.isError ? t('assets.freeDevicesFailed') : t('assets.noFreeDevices')}
      loadingText={t('app.loading')}
      slotProps={{ listbox: { onScroll } }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('assets.device')}
          placeholder={t('assets.searchDevice')}
          error={Boolean(error)}
          helperText={error ?? t('assets.deviceHint')}
        />
      )}
    />
  );
}
