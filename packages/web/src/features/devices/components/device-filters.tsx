import {
  COMMUNICATION_TYPES,
  DEVICE_SORT_FIELDS,
  type DeviceSort,
  type DeviceTypeInfo,
  LOCATION_STATES,
  PARAMETERIZATION_STATUSES,
} from '@iot/shared';
import Clear from '@mui/icons-material/Clear';
import FilterList from '@mui/icons-material/FilterList';
import Search from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationStateName } from '@/features/locations/components/location-state-chip';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { activeFilterCount, type DeviceListParams, LAST_SEEN_FILTERS } from '../lib/device-list-params';
import { SignalValueButton, SignalValueChips } from './signal-value-filter';

interface DeviceFiltersProps {
  list: DeviceListParams;
  /** Called with the search once typing pauses (the list follows it then). */
  onSearch: (search: string) => void;
  onChange: (change: Partial<DeviceListParams>) => void;
  deviceTypes: readonly DeviceTypeInfo[];
}

const SORTS: DeviceSort[] = DEVICE_SORT_FIELDS.flatMap((by) => [
  { by, order: 'asc' as const },
  { by, order: 'desc' as const },
]);
const sortKey = (sort: DeviceSort) => `${sort.by}.${sort.order}`;

/** How long typing must pause before the search goes to the server. */
const SEARCH_DELAY_MS = 300;

/**
 * The search box. What is typed lives here, so a keypress redraws this field only, not the list below it; the list
 * follows once typing pauses. Only a search the user typed is passed on: the URL's own search (on arrival, after
 * Back) is left alone.
 */
function SearchField({ initial, onSearch }: { initial: string; onSearch: (search: string) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(initial);
  const settledSearch = useDebouncedValue(search, SEARCH_DELAY_MS);
  const lastSettled = useRef(settledSearch);
  useEffect(() => {
    if (settledSearch === lastSettled.current) return;
    lastSettled.current = settledSearch;
    onSearch(settledSearch);
  }, [settledSearch, onSearch]);
  return (
    <TextField
      size="small"
      placeholder={t('devices.search')}
      value={search}
      onChange={(event) => setSearch(event.target.value)}
      sx={{ flex: '2 1 260px', '& input::-webkit-search-cancel-button': { display: 'none' } }}
      slotProps={{
        htmlInput: { 'aria-label': t('devices.search'), type: 'search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: search ? (
            <InputAdornment position="end">
              <IconButton size="small" edge="end" aria-label={t('search.clear')} onClick={() => setSearch('')}>
                <Clear fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}

/** A select of several values, showing how many are chosen when more than one. */
function MultiSelect<T extends string>({
  label,
  value,
  options,
  labelOf,
  onChange,
}: {
  label: string;
  value: T[];
  options: readonly T[];
  labelOf: (option: T) => ReactNode;
  onChange: (value: T[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as unknown as T[])}
      sx={{ flex: '1 1 200px', minWidth: 0, maxWidth: { sm: 280 } }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => {
            const chosen = selected as T[];
            return chosen.length === 1 && chosen[0]
              ? labelOf(chosen[0])
              : t('devices.filter.chosen', { total: chosen.length });
          },
        },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {labelOf(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The list's filters: a search answering while typing, device type, network, parameterization, location state, last
 * seen, sort, and conditions on signal values shown as removable chips under them.
 */
export function DeviceFilters({ list, onSearch, onChange, deviceTypes }: DeviceFiltersProps) {
  const { t } = useTranslation();
  const typeIds = deviceTypes.map((type) => type.id);
  const typeName = (id: string) => deviceTypes.find((type) => type.id === id)?.name ?? id;
  const changeSignalValues = (signalValues: DeviceListParams['signalValues']) => onChange({ signalValues });
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(list);
  const searchField = <SearchField initial={list.search} onSearch={onSearch} />;
  const fields = (
    <>
      <MultiSelect
        label={t('devices.filter.type')}
        value={list.deviceTypes}
        options={typeIds}
        labelOf={typeName}
        onChange={(deviceTypes) => onChange({ deviceTypes })}
      />
      <MultiSelect
        label={t('devices.filter.network')}
        value={list.communicationTypes}
        options={COMMUNICATION_TYPES}
        labelOf={(type) => t(`devices.network.${type}`)}
        onChange={(communicationTypes) => onChange({ communicationTypes })}
      />
      <MultiSelect
        label={t('devices.filter.parameterization')}
        value={list.parameterizationStatuses}
        options={PARAMETERIZATION_STATUSES}
        labelOf={(status) => t(`devices.parameterization.${status}`)}
        onChange={(parameterizationStatuses) => onChange({ parameterizationStatuses })}
      />
      <MultiSelect
        label={t('devices.filter.location')}
        value={list.locationStates}
        options={LOCATION_STATES}
        labelOf={(state) => <LocationStateName state={state} />}
        onChange={(locationStates) => onChange({ locationStates })}
      />
      <TextField
        select
        size="small"
        label={t('devices.filter.lastSeen')}
        value={list.lastSeen ?? 'any'}
        onChange={(event) => {
          const value = LAST_SEEN_FILTERS.find((filter) => filter === event.target.value);
          onChange({ lastSeen: value ?? null });
        }}
        sx={{ flex: '1 1 200px', minWidth: 0, maxWidth: { sm: 280 } }}
      >
        <MenuItem value="any">{t('devices.filter.any')}</MenuItem>
        {LAST_SEEN_FILTERS.map((filter) => (
          <MenuItem key={filter} value={filter}>
            {t(`devices.filter.seen.${filter}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('devices.sort')}
        value={sortKey(list.sort)}
        onChange={(event) => {
          const sort = SORTS.find((candidate) => sortKey(candidate) === event.target.value);
          if (sort) onChange({ sort });
        }}
        sx={{ flex: '1 1 200px', minWidth: 0, maxWidth: { sm: 300 } }}
      >
        {SORTS.map((sort) => (
          <MenuItem key={sortKey(sort)} value={sortKey(sort)}>
            {t(`devices.sortBy.${sort.by}.${sort.order}`)}
          </MenuItem>
        ))}
      </TextField>
      <SignalValueButton
        conditions={list.signalValues}
        onChange={changeSignalValues}
        deviceTypes={deviceTypes}
        chosenTypes={list.deviceTypes}
      />
    </>
  );
  return (
    <Stack spacing={1}>
      {phone ? (
        // On a phone seven fields would push the devices off the screen: they wait behind a button saying how many apply.
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {searchField}
            <Button
              variant={active > 0 ? 'contained' : 'outlined'}
              startIcon={<FilterList />}
              aria-expanded={open}
              aria-controls="device-filters"
              onClick={() => setOpen((shown) => !shown)}
              sx={{ flexShrink: 0, height: 40 }}
            >
              {active > 0 ? t('devices.filtersActive', { total: active }) : t('devices.filters')}
            </Button>
          </Stack>
          <Collapse in={open} unmountOnExit>
            <Stack
              id="device-filters"
              role="group"
              aria-label={t('devices.filters')}
              direction="row"
              useFlexGap
              spacing={1.5}
              sx={{ flexWrap: 'wrap', alignItems: 'center', pt: 1 }}
            >
              {fields}
            </Stack>
          </Collapse>
        </>
      ) : (
        <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {searchField}
          {fields}
        </Stack>
      )}
      <SignalValueChips conditions={list.signalValues} onChange={changeSignalValues} deviceTypes={deviceTypes} />
    </Stack>
  );
}
