import type { UsageLicense } from '@iot/shared';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { useConfirm } from '@/components/confirm-dialog';
import { ContentPage } from '@/components/content-page';
import { SearchField } from '@/components/search-field';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { BusinessChoiceField } from '@/features/architecture/components/business-choice-field';
import { errorMessage } from '@/lib/error-message';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { getUsageLicenseQueryOptions, type UsageLicenseFilter, useDeleteUsageLicense } from '../api/usage-licenses';
import { UsageLicenseDevicesPanel } from '../components/usage-license-devices';
import { UsageLicenseDialog } from '../components/usage-license-dialog';
import { UsageLicenseList } from '../components/usage-license-list';

/** How long typing must pause before the search goes to the server. */
const SEARCH_DELAY_MS = 300;
/** The "ending within" choices, in days. */
const EXPIRING_DAYS = [30, 60, 90] as const;

/** What the dialog edits: a new license, or one as read (`generation` remounts it on starting over). */
type Editing = { license?: UsageLicense; generation: number } | null;

/**
 * `/arch-usage-licenses` (provider staff): every business's usage licenses, searched by license id and filtered by
 * business and by how soon they end; created and edited in a dialog, deleted once no device names them, and the
 * devices naming each in a side panel.
 */
export function UsageLicensesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const remove = useDeleteUsageLicense();
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search, SEARCH_DELAY_MS);
  const [businessId, setBusinessId] = useState<string | null>(null);
  const [expiring, setExpiring] = useState('');
  const filter = useMemo<UsageLicenseFilter>(
    () => ({ search: settledSearch, businessId, expiringWithinDays: expiring ? Number(expiring) : null }),
    [settledSearch, businessId, expiring],
  );
  const [editing, setEditing] = useState<Editing>(null);
  const [showing, setShowing] = useState<UsageLicense | null>(null);

  const startOver = async (license: UsageLicense) => {
    try {
      const current = await queryClient.fetchQuery({ ...getUsageLicenseQueryOptions(license._id), staleTime: 0 });
      setEditing((open) => ({ license: current, generation: (open?.generation ?? 0) + 1 }));
    } catch (error) {
      snackbar.showError(errorMessage(t, error));
      setEditing(null);
    }
  };

  const deleteLicense = async (license: UsageLicense) => {
    const confirmed = await confirm({
      title: t('usageLicenses.deleteTitle'),
      message: t('usageLicenses.deleteText', {
        licenseId: license.licenseId,
        business: license.business.description,
      }),
      confirmLabel: t('usageLicenses.deleteButton'),
      destructive: true,
    });
    if (!confirmed) return;
    remove.mutate(
      { id: license._id, version: license.version },
      {
        onSuccess: () => snackbar.showSuccess(t('usageLicenses.deleted', { licenseId: license.licenseId })),
        onError: (error) => {
          // Devices naming it: the server says how many; a stale version: someone changed it meanwhile.
          if (isApiError(error, 409))
            snackbar.showError(error.code === 'usage_license.in_use' ? error.message : t('conflict'));
        },
      },
    );
  };

  return (
    <ContentPage title={t('route.archUsageLicenses')} subtitle={t('usageLicenses.subtitle')} maxWidth={1200}>
      <Stack spacing={2}>
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'minmax(0, 2fr) minmax(0, 2fr) 180px auto' },
            alignItems: 'center',
          }}
        >
          <SearchField label={t('usageLicenses.search')} value={search} onChange={setSearch} />
          <BusinessChoiceField
            label={t('usageLicenses.field.businessId')}
            value={businessId}
            onChange={setBusinessId}
            clearable
            placeholder={t('usageLicenses.allBusinesses')}
          />
          <TextField
            select
            size="small"
            label={t('usageLicenses.expiring')}
            value={expiring}
            onChange={(event) => setExpiring(event.target.value)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('usageLicenses.expiringAny')}</MenuItem>
            {EXPIRING_DAYS.map((days) => (
              <MenuItem key={days} value={String(days)}>
                {t('usageLicenses.expiringWithin', { days })}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setEditing({ generation: 0 })}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('usageLicenses.create')}
          </Button>
        </Box>
        <UsageLicenseList
          filter={filter}
          onEdit={(license) => setEditing({ license, generation: 0 })}
          onDelete={(license) => void deleteLicense(license)}
          onShowDevices={setShowing}
        />
      </Stack>
      {editing && (
        <UsageLicenseDialog
          key={editing.generation}
          license={editing.license}
          businessId={businessId}
          onClose={() => setEditing(null)}
          onStartOver={() => editing.license && void startOver(editing.license)}
          onSaved={(saved) => {
            setEditing(null);
            snackbar.showSuccess(
              t(editing.license ? 'usageLicenses.saved' : 'usageLicenses.created', { licenseId: saved.licenseId }),
            );
          }}
        />
      )}
      {showing && <UsageLicenseDevicesPanel license={showing} onClose={() => setShowing(null)} />}
    </ContentPage>
  );
}
