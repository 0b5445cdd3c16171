import type { UsageLicense } from '@iot/shared';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { generatePath } from 'react-router';
import { PagedListStatus } from '@/components/paged-list-status';
import { RouterLink } from '@/components/router-link';
import { paths } from '@/config/paths';
import { formatLocale } from '@/i18n';
import { useUsageLicenseDevices } from '../api/usage-licenses';
import { licensePeriod } from '../lib/license-period';
import { ExpiredChip } from './expired-license';
import { LoadMore } from './load-more';

/** The devices naming a license, in a side panel: each links to its page; more load as the panel is scrolled. */
export function UsageLicenseDevicesPanel({ license, onClose }: { license: UsageLicense; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const pages = useUsageLicenseDevices(license._id);
  const devices = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const title = t('usageLicenses.devices.title', { licenseId: license.licenseId });
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{
        paper: { sx: { width: { xs: '100%', sm: 420 } }, role: 'region', 'aria-label': title },
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', p: 2, pb: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {[license.business.description, licensePeriod(t, formatLocale(i18n.language), license)].join(' · ')}
          </Typography>
          {license.expired && (
            <Box sx={{ mt: 0.5 }}>
              <ExpiredChip />
            </Box>
          )}
        </Box>
        <IconButton aria-label={t('app.close')} onClick={onClose} edge="end">
          <Close />
        </IconButton>
      </Stack>
      <Box sx={{ px: 2, pb: 2, overflowY: 'auto' }}>
        <PagedListStatus query={pages} empty={devices.length === 0} emptyText={t('usageLicenses.devices.none')}>
          <List dense disablePadding aria-label={title}>
            {devices.map((device) => (
              <ListItem key={device.uuid} divider disableGutters aria-label={device.description || device.uuid}>
                <ListItemText
                  primary={
                    <RouterLink to={generatePath(paths.device, { uuid: device.uuid })}>
                      {device.description || device.uuid}
                    </RouterLink>
                  }
                  secondary={device.business.description}
                />
              </ListItem>
            ))}
          </List>
          <LoadMore pages={pages} label={t('usageLicenses.loadMore')} />
        </PagedListStatus>
      </Box>
    </Drawer>
  );
}
