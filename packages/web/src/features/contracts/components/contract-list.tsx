import { CONTRACT_STATES, CONTRACT_TYPES, type Contract, type ContractState, type ContractType } from '@iot/shared';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedListStatus } from '@/components/paged-list-status';
import { SearchField } from '@/components/search-field';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { type ContractFilter, useContractPages } from '../api/contracts';
import { dayFormat } from '../lib/dates';
import { useLoadOnScroll } from '../lib/use-load-on-scroll';
import { ContractStateChip, UsageBar } from './contract-chips';

/** How long typing must pause before the search goes to the server. */
const SEARCH_DELAY_MS = 300;
/** The "expiring within" choices, in days. */
export const EXPIRING_WITHIN = [30, 60, 90] as const;

/** A filter shows its "all" choice rather than an empty box. */
const filterSlots = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** The filters as the page keeps them in its URL (`?search=&type=&state=&expiring=`). */
export interface ContractListFilter {
  search: string;
  type: ContractType | null;
  state: ContractState | null;
  expiringWithinDays: number | null;
}

function ContractRow({ contract, onOpen }: { contract: Contract; onOpen: (contractId: string) => void }) {
  const { t, i18n } = useTranslation();
  const days = dayFormat(i18n.language);
  return (
    <ListItemButton
      divider
      onClick={() => onOpen(contract.contractId)}
      aria-label={contract.name}
      sx={{
        display: 'grid',
        gap: { xs: 1, md: 2 },
        alignItems: 'center',
        gridTemplateColumns: { xs: '1fr auto', md: 'minmax(0, 2fr) 104px 150px 120px minmax(200px, 1.2fr)' },
        py: 1.25,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{contract.name}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {contract.business.description}
        </Typography>
      </Box>
      <Box sx={{ display: { xs: 'none', md: 'block' } }}>
        <Chip size="small" variant="outlined" label={t(`contracts.type.${contract.type}`)} />
      </Box>
      <Box sx={{ justifySelf: { xs: 'end', md: 'start' } }}>
        <ContractStateChip state={contract.state} />
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', gridColumn: { xs: '1 / -1', md: 'auto' } }}>
        {contract.expiresAt
          ? t('contracts.expiresOn', { date: days.format(new Date(contract.expiresAt)) })
          : t('contracts.neverExpires')}
        <Box component="span" sx={{ display: { md: 'none' } }}>
          {` · ${t(`contracts.type.${contract.type}`)}`}
        </Box>
      </Typography>
      <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
        <UsageBar
          compact
          label={t('contracts.credits.used')}
          used={contract.credits.spent}
          limit={contract.credits.total}
        />
      </Box>
    </ListItemButton>
  );
}

/**
 * The contracts of every business, by name: searched while typing, filtered by type, state and expiry, a page at a
 * time as the list scrolls. Choosing one opens its page.
 */
export function ContractList({
  filter,
  onFilterChange,
  onOpen,
  onCreate,
}: {
  filter: ContractListFilter;
  onFilterChange: (filter: ContractListFilter) => void;
  onOpen: (contractId: string) => void;
  onCreate: () => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(filter.search);
  const settledSearch = useDebouncedValue(search, SEARCH_DELAY_MS);
  const query = useMemo<ContractFilter>(() => ({ ...filter, search: settledSearch }), [filter, settledSearch]);
  const pages = useContractPages(query);
  const contracts = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(settledSearch.trim() || filter.type || filter.state || filter.expiringWithinDays);
  const sentinel = useRef<HTMLDivElement>(null);
  const { fetchNextPage } = pages;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  useLoadOnScroll(sentinel, { hasMore: pages.hasNextPage, loading: pages.isFetchingNextPage, onLoadMore: loadMore });

  const changeSearch = (value: string) => {
    setSearch(value);
    onFilterChange({ ...filter, search: value });
  };

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <SearchField label={t('contracts.search')} value={search} onChange={changeSearch} />
        </Box>
        <Button variant="contained" startIcon={<Add />} onClick={onCreate} sx={{ flexShrink: 0 }}>
          {t('contracts.create')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={1}>
        <TextField
          select
          size="small"
          label={t('contracts.typeFilter')}
          value={filter.type ?? ''}
          onChange={(event) => onFilterChange({ ...filter, type: (event.target.value || null) as ContractType | null })}
          slotProps={filterSlots}
          sx={{ flex: 1, minWidth: 0 }}
        >
          <MenuItem value="">{t('contracts.allTypes')}</MenuItem>
          {CONTRACT_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`contracts.type.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('contracts.stateFilter')}
          value={filter.state ?? ''}
          onChange={(event) =>
            onFilterChange({ ...filter, state: (event.target.value || null) as ContractState | null })
          }
          slotProps={filterSlots}
          sx={{ flex: 1, minWidth: 0 }}
        >
          <MenuItem value="">{t('contracts.allStates')}</MenuItem>
          {CONTRACT_STATES.map((state) => (
            <MenuItem key={state} value={state}>
              {t(`contracts.state.${state}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('contracts.expiringFilter')}
          value={filter.expiringWithinDays ?? ''}
          onChange={(event) =>
            onFilterChange({
              ...filter,
              expiringWithinDays: event.target.value === '' ? null : Number(event.target.value),
            })
          }
          slotProps={filterSlots}
          sx={{ flex: 1, minWidth: 0 }}
        >
          <MenuItem value="">{t('contracts.anyExpiry')}</MenuItem>
          {EXPIRING_WITHIN.map((days) => (
            <MenuItem key={days} value={days}>
              {t('contracts.expiringWithin', { days })}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <PagedListStatus
        query={pages}
        empty={contracts.length === 0}
        emptyText={filtered ? t('contracts.noMatch') : t('contracts.empty')}
      >
        <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
          {pages.isPlaceholderData && (
            <LinearProgress
              aria-label={t('app.loading')}
              sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 2 }}
            />
          )}
          <List disablePadding aria-label={t('contracts.list')}>
            {contracts.map((contract) => (
              <ContractRow key={contract.contractId} contract={contract} onOpen={onOpen} />
            ))}
          </List>
        </Paper>
        <Box ref={sentinel} />
        {pages.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <Button
              variant="outlined"
              size="small"
              disabled={pages.isFetchingNextPage}
              startIcon={pages.isFetchingNextPage ? <CircularProgress size={16} /> : undefined}
              onClick={loadMore}
            >
              {t('contracts.loadMore')}
            </Button>
          </Box>
        )}
      </PagedListStatus>
    </Stack>
  );
}
