import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { type UIEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** A device as a picker names it. */
export interface PickedDevice {
  uuid: string;
  description: string;
}

/** The pages of devices a picker offers: an infinite query of the caller's, read page by page as the list scrolls. */
export interface DevicePages {
  data?: { pages: { items: PickedDevice[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** How close to the end of the list (in pixels) scrolling asks for the next page of devices. */
const LOAD_AHEAD_PX = 80;

interface DevicePickerProps {
  devices: DevicePages;
  /** A device offered first though its pages may not hold it (the one chosen before). */
  current?: PickedDevice | null;
  value: string | null;
  onChange: (uuid: string | null) => void;
  label: string;
  placeholder: string;
  /** Shown under the field: the error when there is one, else this. */
  hint?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /** What the list says when it has no device to offer, and when its devices could not be read. */
  noDevices: string;
  failed: string;
}

/**
 * Devices searchable by description or id, each shown with its id; further pages load as the list is scrolled to its
 * end. What the pages hold (a level's devices, its free ones) is the caller's.
 */
export function DevicePicker({
  devices,
  current = null,
  value,
  onChange,
  label,
  placeholder,
  hint,
  error,
  required,
  disabled,
  noDevices,
  failed,
}: DevicePickerProps) {
  const { t } = useTranslation();
  const options = useMemo(() => {
    const listed: PickedDevice[] = (devices.data?.pages ?? []).flatMap((page) =>
      page.items.map((device) => ({ uuid: device.uuid, description: device.description })),
    );
    return current && !listed.some((device) => device.uuid === current.uuid) ? [current, ...listed] : listed;
  }, [devices.data, current]);
  const chosen = options.find((device) => device.uuid === value) ?? (value ? { uuid: value, description: '' } : null);

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
      disabled={disabled}
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
      noOptionsText={devices.isError ? failed : noDevices}
      loadingText={t('app.loading')}
      slotProps={{ listbox: { onScroll } }}
      renderInput={(params) => (
        <TextField
          {...params}
          required={required}
          label={label}
          placeholder={placeholder}
          error={Boolean(error)}
          helperText={error ?? hint}
        />
      )}
    />
  );
}
