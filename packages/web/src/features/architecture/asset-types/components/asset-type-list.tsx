import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { RouterLink } from '@/components/router-link';
import { SearchField } from '@/components/search-field';
import { paths } from '@/config/paths';
import { matchesSearch } from '@/lib/matches-search';
import { LoadFailure, LoadingBlock } from '../../components/load-state';
import { useAssetTypes } from '../api/get-asset-types';

/** The path of the editor of a new asset type. */
export const NEW_ASSET_TYPE = 'new';

/** Every asset type with its custom fields, searched by name. */
export function AssetTypeList() {
  const { t } = useTranslation();
  const assetTypes = useAssetTypes();
  const [search, setSearch] = useState('');

  let content: ReactNode;
  if (assetTypes.isError) content = <LoadFailure error={assetTypes.error} onRetry={() => void assetTypes.refetch()} />;
  else if (!assetTypes.data) content = <LoadingBlock />;
  else {
    const rows = assetTypes.data.filter((assetType) => matchesSearch(search, assetType.name, assetType.description));
    content = (
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label={t('route.archAssetTypes')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('arch.assetTypes.name')}</TableCell>
                <TableCell>{t('arch.assetTypes.description')}</TableCell>
                <TableCell>{t('arch.assetTypes.fields')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={3} sx={{ color: 'text.secondary' }}>
                    {search.trim() ? t('arch.noMatch', { search: search.trim() }) : t('arch.assetTypes.empty')}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((assetType) => (
                <TableRow key={assetType.id} hover>
                  <TableCell>
                    <RouterLink to={generatePath(paths.archAssetType, { id: assetType.id })}>
                      {assetType.name}
                    </RouterLink>
                  </TableCell>
                  <TableCell sx={{ color: assetType.description ? undefined : 'text.disabled' }}>
                    {assetType.description || '—'}
                  </TableCell>
                  <TableCell sx={{ color: assetType.fields.length ? undefined : 'text.disabled' }}>
                    {assetType.fields.length ? assetType.fields.map((field) => field.name).join(', ') : '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    );
  }

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flex: 1, maxWidth: { sm: 360 } }}>
          <SearchField label={t('arch.assetTypes.search')} value={search} onChange={setSearch} />
        </Box>
        <Box sx={{ flex: 1 }} />
        <Button
          component={Link}
          to={generatePath(paths.archAssetType, { id: NEW_ASSET_TYPE })}
          variant="contained"
          startIcon={<Add />}
        >
          {t('arch.assetTypes.create')}
        </Button>
      </Stack>
      {content}
    </Stack>
  );
}
