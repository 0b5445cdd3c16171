import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { generatePath } from 'react-router';
import { PagedListStatus } from '@/components/paged-list-status';
import { RouterLink } from '@/components/router-link';
import { paths } from '@/config/paths';
import { relativeTime } from '@/features/devices/lib/last-seen';
import { formatLocale } from '@/i18n';
import { usePlaceDevices } from '../api/places';

/** The devices at a place now, a page at a time: each links to its page and says since when it is there. */
export function PlaceDevices({ placeId, placeName }: { placeId: string; placeName: string }) {
  const { t, i18n } = useTranslation();
  const pages = usePlaceDevices(placeId);
  const devices = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const locale = formatLocale(i18n.language);
  return (
    <PagedListStatus query={pages} empty={devices.length === 0} emptyText={t('places.devices.none')}>
      <List dense disablePadding aria-label={t('places.devices.of', { name: placeName })}>
        {devices.map((device) => (
          <ListItem key={device.uuid} divider disableGutters aria-label={device.description || device.uuid}>
            <ListItemText
              primary={
                <RouterLink to={generatePath(paths.device, { uuid: device.uuid })}>
                  {device.description || device.uuid}
                </RouterLink>
              }
              secondary={[
                device.location.since
                  ? t('places.devices.since', { when: relativeTime(device.location.since, locale) })
                  : undefined,
                device.business.description,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItem>
        ))}
      </List>
      {pages.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', pt: 1 }}>
          <Button
            size="small"
            variant="outlined"
            disabled={pages.isFetchingNextPage}
            startIcon={pages.isFetchingNextPage ? <CircularProgress size={16} /> : undefined}
            onClick={() => void pages.fetchNextPage()}
          >
            {t('places.loadMore')}
          </Button>
        </Box>
      )}
    </PagedListStatus>
  );
}
