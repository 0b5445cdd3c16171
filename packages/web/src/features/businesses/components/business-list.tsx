import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SearchField } from '@/components/search-field';
import { TablePager } from '@/components/table-pager';
import { formatLocale } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { useBusinesses } from '../api/get-businesses';
import { businessConfigPath } from '../lib/business-paths';
import { buildBusinessTree, businessPath, isBusinessActive } from '../lib/business-tree';

const PAGE_SIZES = [10, 25, 50, 100];

/** The reachable businesses with their path, status and device count; filtered while typing, a page at a time. */
export function BusinessList() {
  const { t, i18n } = useTranslation();
  const businesses = useBusinesses();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const tree = useMemo(() => (businesses.data ? buildBusinessTree(businesses.data) : undefined), [businesses.data]);
  const matching = useMemo(() => {
    const needle = deferredSearch.trim().toLocaleLowerCase();
    const all = businesses.data ?? [];
    return needle ? all.filter((business) => business.description.toLocaleLowerCase().includes(needle)) : all;
  }, [businesses.data, deferredSearch]);
  const lastPage = Math.max(0, Math.ceil(matching.length / pageSize) - 1);
  const shownPage = Math.min(page, lastPage);
  const shown = matching.slice(shownPage * pageSize, (shownPage + 1) * pageSize);
  const numbers = new Intl.NumberFormat(formatLocale(i18n.language));

  if (businesses.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void businesses.refetch()}>
            {t('app.retry')}
          </Button>
        }
      >
        {errorMessage(t, businesses.error)}
      </Alert>
    );
  }
  if (!tree) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  }

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flex: 1, maxWidth: { sm: 360 } }}>
          <SearchField
            label={t('businesses.search')}
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(0);
            }}
          />
        </Box>
        <Typography sx={{ color: 'text.secondary' }}>
          {t('businesses.count', { total: numbers.format(matching.length) })}
        </Typography>
      </Stack>
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label={t('businesses.listTitle')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('businesses.columnName')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('businesses.columnPath')}</TableCell>
                <TableCell>{t('businesses.columnStatus')}</TableCell>
                <TableCell align="right">{t('businesses.columnDevices')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4} sx={{ color: 'text.secondary' }}>
                    {search.trim() ? t('businesses.noMatch') : t('businesses.empty')}
                  </TableCell>
                </TableRow>
              )}
              {shown.map((business) => (
                <TableRow key={business._id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={businessConfigPath(business)} sx={{ fontWeight: 500 }}>
                      {business.description}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, color: 'text.secondary' }}>
                    {businessPath(tree, business._id)}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={isBusinessActive(business) ? 'success' : 'default'}
                      label={isBusinessActive(business) ? t('businesses.active') : t('businesses.inactive')}
                    />
                  </TableCell>
                  <TableCell align="right">{numbers.format(business.deviceCount)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePager
          count={matching.length}
          page={shownPage}
          pageSize={pageSize}
          pageSizes={PAGE_SIZES}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
        />
      </Paper>
    </Stack>
  );
}
