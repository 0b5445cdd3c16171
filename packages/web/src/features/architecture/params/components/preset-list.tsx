import type { DeviceTypeInfo } from '@iot/shared';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { RouterLink } from '@/components/router-link';
import { paths } from '@/config/paths';
import { formatLocale } from '@/i18n';
import { BusinessChoiceField } from '../../components/business-choice-field';
import { LoadFailure, LoadingBlock } from '../../components/load-state';
import { usePresets } from '../api/get-presets';

/** The path of the editor of a new preset. */
export const NEW_PRESET = 'new';

/** The parameter presets in reach, filtered by business (it and its ancestors) and by model. */
export function PresetList({ models }: { models: readonly DeviceTypeInfo[] }) {
  const { t, i18n } = useTranslation();
  const [businessId, setBusinessId] = useState<string | null>(null);
  const [model, setModel] = useState('');
  const presets = usePresets({ businessId: businessId ?? undefined, model: model || undefined });
  const dates = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'short', timeStyle: 'short' });
  const modelName = (id: string) => models.find((candidate) => candidate.id === id)?.name ?? id;

  let content: ReactNode;
  if (presets.isError) content = <LoadFailure error={presets.error} onRetry={() => void presets.refetch()} />;
  else if (!presets.data) content = <LoadingBlock />;
  else
    content = (
      <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
        {presets.isPlaceholderData && (
          <LinearProgress aria-label={t('app.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
        )}
        <TableContainer>
          <Table size="small" aria-label={t('route.archParams')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('arch.params.name')}</TableCell>
                <TableCell>{t('arch.params.description')}</TableCell>
                <TableCell>{t('arch.params.model')}</TableCell>
                <TableCell>{t('arch.params.business')}</TableCell>
                <TableCell>{t('arch.updatedAt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {presets.data.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5} sx={{ color: 'text.secondary' }}>
                    {businessId || model ? t('arch.params.noMatch') : t('arch.params.empty')}
                  </TableCell>
                </TableRow>
              )}
              {presets.data.map((preset) => (
                <TableRow key={preset.uuid} hover>
                  <TableCell>
                    <RouterLink to={generatePath(paths.archParam, { uuid: preset.uuid })}>{preset.name}</RouterLink>
                  </TableCell>
                  <TableCell sx={{ color: preset.description ? undefined : 'text.disabled' }}>
                    {preset.description || '—'}
                  </TableCell>
                  <TableCell>{modelName(preset.model)}</TableCell>
                  <TableCell>{preset.business.description}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dates.format(new Date(preset.updatedAt))}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    );

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        {/* Widths of their own: sharing the row by flex, the business field was squeezed to its clear button. */}
        <Box sx={{ width: { md: 340 }, flexShrink: 0 }}>
          <BusinessChoiceField
            label={t('arch.params.filterBusiness')}
            value={businessId}
            onChange={setBusinessId}
            clearable
          />
        </Box>
        <TextField
          select
          size="small"
          label={t('arch.params.model')}
          value={model}
          onChange={(event) => setModel(event.target.value)}
          sx={{ width: { md: 280 }, flexShrink: 0 }}
        >
          <MenuItem value="">{t('arch.params.allModels')}</MenuItem>
          {models.map((candidate) => (
            <MenuItem key={candidate.id} value={candidate.id}>
              {candidate.name}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        <Button
          component={Link}
          to={generatePath(paths.archParam, { uuid: NEW_PRESET })}
          variant="contained"
          startIcon={<Add />}
        >
          {t('arch.params.create')}
        </Button>
      </Stack>
      {content}
    </Stack>
  );
}
