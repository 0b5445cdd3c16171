import type { Place, PlaceGroup } from '@iot/shared';
import CircleOutlined from '@mui/icons-material/CircleOutlined';
import PentagonOutlined from '@mui/icons-material/PentagonOutlined';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedListStatus } from '@/components/paged-list-status';
import { SearchField } from '@/components/search-field';
import { formatLocale } from '@/i18n';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { type PlaceFilter, usePlacePages } from '../api/places';

/** How long typing must pause before the search goes to the server. */
const SEARCH_DELAY_MS = 300;

/** A place's group as a chip, in the warning colour when its places are forbidden. */
export function GroupChip({ group }: { group: Place['group'] }) {
  const { t } = useTranslation();
  if (!group) return <Chip size="small" variant="outlined" label={t('places.noGroup')} />;
  return (
    <Chip
      size="small"
      title={group.name}
      sx={{ maxWidth: { xs: 130, sm: 220 } }}
      variant={group.forbidden ? 'filled' : 'outlined'}
      color={group.forbidden ? 'warning' : 'default'}
      label={group.forbidden ? t('places.groupForbiddenOption', { name: group.name }) : group.name}
    />
  );
}

/**
 * The places of the level's subtree by name, searched and filtered by group, a page at a time: each with its group
 * and how many devices are at it now. Choosing one selects it.
 */
export function PlaceList({
  businessId,
  groups,
  selectedId,
  onSelect,
}: {
  businessId: string;
  groups: readonly PlaceGroup[];
  selectedId: string | null;
  onSelect: (place: Place) => void;
}) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(formatLocale(i18n.language));
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search, SEARCH_DELAY_MS);
  const [groupId, setGroupId] = useState('');
  const filter = useMemo<PlaceFilter>(
    () => ({ search: settledSearch, groupId: groupId || null }),
    [settledSearch, groupId],
  );
  const pages = usePlacePages(businessId, filter);
  const places = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(settledSearch.trim() || groupId);
  // Portuguese plural rules would word 0 as one: none has its own text.
  const devicesNow = (count: number) => (count === 0 ? t('places.devicesNowNone') : t('places.devicesNow', { count }));

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row', md: 'column', lg: 'row' }} spacing={1}>
        <Box sx={{ flex: 3, minWidth: 0 }}>
          <SearchField label={t('places.search')} value={search} onChange={setSearch} />
        </Box>
        <TextField
          select
          size="small"
          label={t('places.groupFilter')}
          value={groupId}
          onChange={(event) => setGroupId(event.target.value)}
          sx={{ flex: 2, minWidth: 160 }}
        >
          <MenuItem value="">{t('places.allGroups')}</MenuItem>
          {groups.map((group) => (
            <MenuItem key={group._id} value={group._id}>
              {group.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <PagedListStatus
        query={pages}
        empty={places.length === 0}
        emptyText={filtered ? t('places.noMatch') : t('places.empty')}
      >
        <Box sx={{ position: 'relative' }}>
          {pages.isPlaceholderData && (
            <LinearProgress
              aria-label={t('app.loading')}
              sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 2 }}
            />
          )}
          <List disablePadding aria-label={t('places.list')}>
            {places.map((place) => (
              <ListItemButton
                key={place._id}
                divider
                selected={place._id === selectedId}
                onClick={() => onSelect(place)}
                aria-label={place.name}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {place.area.kind === 'circle' ? (
                    <CircleOutlined fontSize="small" color={place.group?.forbidden ? 'warning' : 'primary'} />
                  ) : (
                    <PentagonOutlined fontSize="small" color={place.group?.forbidden ? 'warning' : 'primary'} />
                  )}
                </ListItemIcon>
                <ListItemText
                  primary={place.name}
                  secondary={place.businessId !== businessId ? place.business.description : undefined}
                  slotProps={{ primary: { sx: { fontWeight: 500 } } }}
                  sx={{ minWidth: 0 }}
                />
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0, ml: 1 }}>
                  <GroupChip group={place.group} />
                  <Tooltip title={devicesNow(place.devicesNow)}>
                    <Stack
                      direction="row"
                      spacing={0.5}
                      sx={{ alignItems: 'center', minWidth: 44, justifyContent: 'flex-end' }}
                      aria-label={devicesNow(place.devicesNow)}
                    >
                      <SensorsOutlined fontSize="small" color="action" />
                      <Typography variant="body2">{numbers.format(place.devicesNow)}</Typography>
                    </Stack>
                  </Tooltip>
                </Stack>
              </ListItemButton>
            ))}
          </List>
        </Box>
        {pages.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <Button
              variant="outlined"
              size="small"
              disabled={pages.isFetchingNextPage}
              startIcon={pages.isFetchingNextPage ? <CircularProgress size={16} /> : undefined}
              onClick={() => void pages.fetchNextPage()}
            >
              {t('places.loadMore')}
            </Button>
          </Box>
        )}
      </PagedListStatus>
    </Stack>
  );
}
