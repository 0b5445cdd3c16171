import type { DeviceUsageLicense, UsageLicense } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type UIEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocale } from '@/i18n';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useUsageLicense, useUsageLicenseChoices } from '../api/usage-licenses';
import { licensePeriod } from '../lib/license-period';
import { ExpiredChip } from './expired-license';

/** A license as the picker offers and shows it; the dates are unknown until read (the device names only its id). */
export interface LicenseChoice {
  id: string;
  licenseId: string;
  expired: boolean;
  business?: string;
  startsAt?: string | null;
  endsAt?: string | null;
}

const choiceOf = (license: UsageLicense): LicenseChoice => ({
  id: license._id,
  licenseId: license.licenseId,
  expired: license.expired,
  business: license.business.description,
  startsAt: license.startsAt,
  endsAt: license.endsAt,
});

/** The license a device names, as the device answers it. */
export const choiceOfDevice = (license: DeviceUsageLicense | null): LicenseChoice | null =>
  license ? { id: license.id, licenseId: license.licenseId, expired: license.expired } : null;

/** How long typing must pause before the search goes to the server. */
const SEARCH_DELAY_MS = 300;
/** How close to the end of the list (in pixels) scrolling asks for the next page. */
const LOAD_AHEAD_PX = 80;

interface UsageLicensePickerProps {
  /** The device's level: it may name its level's licenses and its ancestors'. */
  businessId: string;
  value: LicenseChoice | null;
  onChange: (license: LicenseChoice | null) => void;
  disabled?: boolean;
  error?: string;
}

/**
 * A device's usage license, chosen from those of its level and above (searched by license id, more as the list is
 * scrolled), never typed; it shows the chosen license's dates and warns once it has expired. It may be cleared.
 */
export function UsageLicensePicker({ businessId, value, onChange, disabled, error }: UsageLicensePickerProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed, SEARCH_DELAY_MS);
  const choices = useUsageLicenseChoices(businessId, search, open);
  // The device names its license by id only: its dates are read once, unless the list already brought them.
  const needsDetails = Boolean(value && value.startsAt === undefined);
  const details = useUsageLicense(needsDetails ? (value?.id ?? null) : null);
  const shown = useMemo<LicenseChoice | null>(
    () => (value && needsDetails && details.data ? { ...choiceOf(details.data), ...value } : value),
    [value, needsDetails, details.data],
  );
  const options = useMemo(
    () => (choices.data?.pages ?? []).flatMap((page) => page.items.map(choiceOf)),
    [choices.data],
  );
  const locale = formatLocale(i18n.language);
  const periodOf = (choice: LicenseChoice) =>
    choice.startsAt === undefined
      ? undefined
      : licensePeriod(t, locale, { startsAt: choice.startsAt ?? null, endsAt: choice.endsAt ?? null });

  const onScroll = (event: UIEvent<HTMLElement>) => {
    const list = event.currentTarget;
    if (list.scrollTop + list.clientHeight >= list.scrollHeight - LOAD_AHEAD_PX && choices.hasNextPage) {
      if (!choices.isFetchingNextPage) void choices.fetchNextPage();
    }
  };

  const described = shown ? [shown.business, periodOf(shown)].filter(Boolean).join(' · ') : '';
  const endedOn =
    shown?.expired && shown.endsAt
      ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(shown.endsAt))
      : undefined;

  return (
    <Stack spacing={1}>
      <Autocomplete
        options={options}
        value={shown}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        disabled={disabled}
        loading={choices.isPending || choices.isFetchingNextPage}
        onChange={(_event, choice) => {
          setTyped('');
          onChange(choice);
        }}
        onInputChange={(_event, input, reason) => setTyped(reason === 'input' ? input : '')}
        getOptionLabel={(choice) => choice.licenseId}
        isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
        // The server searches; the options are what it answered.
        filterOptions={(list) => list}
        renderOption={(props, choice) => {
          const { key, ...optionProps } = props;
          return (
            <Box
              component="li"
              key={key}
              {...optionProps}
              sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start !important' }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{choice.licenseId}</span>
                {choice.expired && <ExpiredChip />}
              </Stack>
              <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.75rem' }}>
                {[choice.business, periodOf(choice)].filter(Boolean).join(' · ')}
              </Box>
            </Box>
          );
        }}
        noOptionsText={choices.isError ? t('usageLicenses.picker.failed') : t('usageLicenses.picker.none')}
        loadingText={t('app.loading')}
        clearText={t('usageLicenses.picker.clear')}
        openText={t('usageLicenses.picker.open')}
        closeText={t('app.close')}
        slotProps={{ listbox: { onScroll } }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('device.field.usageLicenseId')}
            placeholder={value ? undefined : t('usageLicenses.picker.placeholder')}
            error={Boolean(error)}
            helperText={error ?? (described || (value ? undefined : t('usageLicenses.picker.hint')))}
          />
        )}
      />
      {shown?.expired && (
        <Alert severity="warning">
          {endedOn
            ? t('usageLicenses.picker.expiredOn', { licenseId: shown.licenseId, date: endedOn })
            : t('usageLicenses.picker.expired', { licenseId: shown.licenseId })}
        </Alert>
      )}
    </Stack>
  );
}
