import type { UsageLicense } from '@iot/shared';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PagedListStatus } from '@/components/paged-list-status';
import { formatLocale } from '@/i18n';
import { type UsageLicenseFilter, useUsageLicensePages } from '../api/usage-licenses';
import { licensePeriod } from '../lib/license-period';
import { ExpiredChip } from './expired-license';
import { LoadMore } from './load-more';

interface UsageLicenseListProps {
  filter: UsageLicenseFilter;
  onEdit: (license: UsageLicense) => void;
  onDelete: (license: UsageLicense) => void;
  onShowDevices: (license: UsageLicense) => void;
}

/** License and business; type; dates; devices; actions. */
const COLUMNS = 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1.5fr) 120px 88px';

/**
 * The licenses matching the filter by license id, a page at a time as the list is scrolled: each with its business
 * and corporate name, type, dates (flagged once expired) and how many devices name it, which opens them.
 */
export function UsageLicenseList({ filter, onEdit, onDelete, onShowDevices }: UsageLicenseListProps) {
  const { t, i18n } = useTranslation();
  const locale = formatLocale(i18n.language);
  const pages = useUsageLicensePages(filter);
  const licenses = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(filter.search.trim() || filter.businessId || filter.expiringWithinDays);
  const deviceCount = (count: number) =>
    count === 0 ? t('usageLicenses.devicesNone') : t('usageLicenses.devicesCount', { count });

  return (
    <PagedListStatus
      query={pages}
      empty={licenses.length === 0}
      emptyText={filtered ? t('usageLicenses.noMatch') : t('usageLicenses.empty')}
    >
      <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
        {pages.isPlaceholderData && (
          <LinearProgress
            aria-label={t('app.loading')}
            sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 2 }}
          />
        )}
        <Box
          aria-hidden
          sx={{
            display: { xs: 'none', md: 'grid' },
            gridTemplateColumns: COLUMNS,
            columnGap: 2,
            px: 2,
            py: 1,
            borderBottom: 1,
            borderColor: 'divider',
            color: 'text.secondary',
            fontSize: '0.8125rem',
            fontWeight: 500,
          }}
        >
          <span>{t('usageLicenses.column.license')}</span>
          <span>{t('usageLicenses.field.type')}</span>
          <span>{t('usageLicenses.column.period')}</span>
          <span>{t('usageLicenses.column.devices')}</span>
          <span />
        </Box>
        <Box component="ul" aria-label={t('usageLicenses.list')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {licenses.map((license) => (
            <Box
              component="li"
              key={license._id}
              aria-label={license.licenseId}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', md: COLUMNS },
                gridTemplateAreas: {
                  xs: '"license actions" "type type" "period period" "devices devices"',
                  md: '"license type period devices actions"',
                },
                columnGap: 2,
                rowGap: 0.25,
                alignItems: 'center',
                px: 2,
                py: 1.25,
                borderBottom: 1,
                borderColor: 'divider',
                '&:last-of-type': { borderBottom: 0 },
              }}
            >
              <Box sx={{ gridArea: 'license', minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{license.licenseId}</Typography>
                  {license.expired && <ExpiredChip />}
                </Stack>
                <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {[license.business.description, license.corporateName].filter(Boolean).join(' · ')}
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ gridArea: 'type', overflowWrap: 'anywhere' }}>
                {license.type}
              </Typography>
              <Typography
                variant="body2"
                sx={{ gridArea: 'period', color: license.expired ? 'warning.main' : undefined }}
              >
                {licensePeriod(t, locale, license)}
              </Typography>
              <Box sx={{ gridArea: 'devices', justifySelf: 'start' }}>
                <Button
                  size="small"
                  startIcon={<SensorsOutlined fontSize="small" />}
                  onClick={() => onShowDevices(license)}
                  aria-label={t('usageLicenses.showDevices', {
                    licenseId: license.licenseId,
                    devices: deviceCount(license.devices),
                  })}
                  sx={{ ml: { xs: -0.75, md: 0 }, whiteSpace: 'nowrap' }}
                >
                  {deviceCount(license.devices)}
                </Button>
              </Box>
              <Stack direction="row" sx={{ gridArea: 'actions', justifySelf: 'end' }}>
                <Tooltip title={t('usageLicenses.edit', { licenseId: license.licenseId })}>
                  <IconButton size="small" onClick={() => onEdit(license)}>
                    <EditOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('usageLicenses.delete', { licenseId: license.licenseId })}>
                  <IconButton size="small" onClick={() => onDelete(license)}>
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Stack>
            </Box>
          ))}
        </Box>
      </Paper>
      <LoadMore pages={pages} label={t('usageLicenses.loadMore')} />
    </PagedListStatus>
  );
}
