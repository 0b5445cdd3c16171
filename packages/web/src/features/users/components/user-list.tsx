import { DEFAULT_USER_PAGE_SIZE, USER_PAGE_SIZES, type UserSummary } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '@/components/search-field';
import { TablePager } from '@/components/table-pager';
import { formatLocale } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useUsers } from '../api/get-users';

/** How long typing must pause before the search goes to the server. */
const SEARCH_DELAY_MS = 300;

/** A column of wide screens; a phone has room for one: the e-mail, with the name and the chips under it. */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

function RoleChip({ user }: { user: UserSummary }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={user.role === 'product' ? 'primary' : 'default'}
      label={t(`users.role.${user.role}`)}
    />
  );
}

function StatusChip({ user }: { user: UserSummary }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={user.confirmed ? 'success' : 'warning'}
      label={user.confirmed ? t('users.confirmed') : t('users.unconfirmed')}
    />
  );
}

function UserRow({ user, numbers }: { user: UserSummary; numbers: Intl.NumberFormat }) {
  return (
    <TableRow hover>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        <Box sx={{ fontWeight: 500 }}>{user.email}</Box>
        <Stack spacing={0.75} sx={{ display: { sm: 'none' }, mt: 0.5, alignItems: 'flex-start' }}>
          {user.name && <Box sx={{ color: 'text.secondary' }}>{user.name}</Box>}
          <Stack direction="row" spacing={0.75}>
            <RoleChip user={user} />
            <StatusChip user={user} />
          </Stack>
        </Stack>
      </TableCell>
      <TableCell sx={{ ...wideOnly, color: user.name ? undefined : 'text.disabled' }}>{user.name || '—'}</TableCell>
      <TableCell sx={wideOnly}>
        <RoleChip user={user} />
      </TableCell>
      <TableCell sx={wideOnly}>
        <StatusChip user={user} />
      </TableCell>
      <TableCell align="right" sx={wideOnly}>
        {numbers.format(user.businesses)}
      </TableCell>
    </TableRow>
  );
}

/** Every user of the platform, searched on the server while typing, a page at a time. */
export function UserList() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_USER_PAGE_SIZE);
  const users = useUsers({ search: settledSearch, page: page + 1, pageSize });
  const numbers = new Intl.NumberFormat(formatLocale(i18n.language));

  let content: ReactNode;
  if (users.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void users.refetch()}>
            {t('app.retry')}
          </Button>
        }
      >
        {errorMessage(t, users.error)}
      </Alert>
    );
  } else if (!users.data) {
    content = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  } else {
    const { data: rows, totalElements } = users.data;
    content = (
      <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
        {/* The last page stays shown while the next one loads; this bar says it is on its way. */}
        {users.isPlaceholderData && (
          <LinearProgress aria-label={t('app.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
        )}
        <TableContainer>
          <Table size="small" aria-label={t('route.users')} aria-busy={users.isPlaceholderData}>
            <TableHead>
              <TableRow>
                <TableCell>{t('users.columnEmail')}</TableCell>
                <TableCell sx={wideOnly}>{t('users.columnName')}</TableCell>
                <TableCell sx={wideOnly}>{t('users.columnRole')}</TableCell>
                <TableCell sx={wideOnly}>{t('users.columnStatus')}</TableCell>
                <TableCell align="right" sx={wideOnly}>
                  {t('users.columnBusinesses')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5} sx={{ color: 'text.secondary' }}>
                    {settledSearch ? t('users.noMatch', { search: settledSearch }) : t('users.empty')}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((user) => (
                <UserRow key={user.email} user={user} numbers={numbers} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePager
          count={totalElements}
          page={page}
          pageSize={pageSize}
          pageSizes={USER_PAGE_SIZES}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
        />
      </Paper>
    );
  }

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flex: 1, maxWidth: { sm: 360 } }}>
          <SearchField
            label={t('users.search')}
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(0);
            }}
          />
        </Box>
        {users.data && (
          <Typography sx={{ color: 'text.secondary' }}>
            {t('users.count', { total: numbers.format(users.data.totalElements) })}
          </Typography>
        )}
      </Stack>
      {content}
    </Stack>
  );
}
