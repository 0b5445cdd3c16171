import type { Asset } from '@iot/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath } from 'react-router';
import { RouterLink } from '@/components/router-link';
import { paths } from '@/config/paths';
import { isRecent, relativeTime } from '@/features/devices/lib/last-seen';
import { formatLocale } from '@/i18n';

/** Something an admin does to one asset from its row: edit, move, delete. */
export interface RowAction {
  label: string;
  icon: ReactNode;
  run: (asset: Asset) => void;
}

interface AssetRowsProps {
  assets: readonly Asset[];
  actions: readonly RowAction[];
  canManage: (asset: Asset) => boolean;
  /** The level whose tab this is: an asset of a sublevel names its level. */
  scopeId: string;
  /** The asset's status screen. */
  linkTo: (asset: Asset) => string;
}

function IncompleteChip({ asset }: { asset: Asset }) {
  const { t } = useTranslation();
  if (!asset.incomplete) return null;
  return <Chip size="small" color="warning" variant="outlined" label={t('asset.incomplete')} sx={{ flexShrink: 0 }} />;
}

/** The linked device, opening its screen, or "No device". */
function LinkedDevice({ asset }: { asset: Asset }) {
  const { t } = useTranslation();
  if (!asset.device)
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {t('assets.noDevice')}
      </Box>
    );
  return (
    <RouterLink to={generatePath(paths.device, { uuid: asset.device.uuid })} title={asset.device.uuid}>
      {asset.device.description || asset.device.uuid}
    </RouterLink>
  );
}

/** When the linked device was last heard from, with a dot that is green while that counts as recent. */
function LastSeen({ asset }: { asset: Asset }) {
  const { t, i18n } = useTranslation();
  const seen = asset.device?.lastSeenAt;
  if (!asset.device)
    return (
      <Box component="span" sx={{ color: 'text.disabled' }}>
        —
      </Box>
    );
  if (!seen)
    return (
      <Box component="span" sx={{ color: 'text.disabled' }}>
        {t('assets.neverSeen')}
      </Box>
    );
  const recent = isRecent(seen);
  return (
    <Tooltip title={new Date(seen).toLocaleString(formatLocale(i18n.language))}>
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
        <Box
          component="span"
          role="img"
          aria-label={recent ? t('assets.recent') : t('assets.notRecent')}
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            flexShrink: 0,
            bgcolor: recent ? 'success.main' : 'text.disabled',
          }}
        />
        {relativeTime(seen, formatLocale(i18n.language))}
      </Box>
    </Tooltip>
  );
}

function OpenAlarms({ asset }: { asset: Asset }) {
  const { t } = useTranslation();
  const open = asset.device?.openAlarms ?? 0;
  if (!open)
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        0
      </Box>
    );
  return <Chip size="small" color="error" label={open} aria-label={t('assets.openAlarmsCount', { count: open })} />;
}

function Actions({ asset, actions }: { asset: Asset; actions: readonly RowAction[] }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      {actions.map((action) => (
        <Tooltip key={action.label} title={action.label}>
          <IconButton
            size="small"
            aria-label={`${action.label}: ${asset.description}`}
            onClick={() => action.run(asset)}
          >
            {action.icon}
          </IconButton>
        </Tooltip>
      ))}
    </Stack>
  );
}

function Description({ asset, scopeId, linkTo }: { asset: Asset; scopeId: string; linkTo: string }) {
  return (
    <Stack spacing={0.25} sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          <RouterLink to={linkTo}>{asset.description}</RouterLink>
        </Typography>
        <IncompleteChip asset={asset} />
      </Stack>
      {asset.businessId !== scopeId && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {asset.business.description}
        </Typography>
      )}
    </Stack>
  );
}

/** The desktop list: a table, one row per asset. */
export function AssetTable({ assets, actions, canManage, scopeId, linkTo }: AssetRowsProps) {
  const { t } = useTranslation();
  const withActions = assets.some(canManage);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('assets.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('assets.description')}</TableCell>
            <TableCell>{t('assets.type')}</TableCell>
            <TableCell>{t('assets.device')}</TableCell>
            <TableCell>{t('assets.lastSeen')}</TableCell>
            <TableCell align="right">{t('assets.openAlarms')}</TableCell>
            {withActions && <TableCell align="right">{t('assets.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {assets.map((asset) => (
            <TableRow key={asset._id} aria-label={asset.description}>
              <TableCell sx={{ minWidth: 180 }}>
                <Description asset={asset} scopeId={scopeId} linkTo={linkTo(asset)} />
              </TableCell>
              <TableCell sx={{ minWidth: 120 }}>{asset.assetType.name}</TableCell>
              <TableCell sx={{ minWidth: 140, overflowWrap: 'anywhere' }}>
                <LinkedDevice asset={asset} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <LastSeen asset={asset} />
              </TableCell>
              <TableCell align="right">
                <OpenAlarms asset={asset} />
              </TableCell>
              {withActions && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0 }}>
                  {canManage(asset) && <Actions asset={asset} actions={actions} />}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** One label and value line of a card; the labels of a card share one column, as wide as the longest. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box sx={{ color: 'text.secondary' }}>{label}</Box>
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
    </>
  );
}

/** The phone list: a card per asset with the facts of the table's row. */
export function AssetCards({ assets, actions, canManage, scopeId, linkTo }: AssetRowsProps) {
  const { t } = useTranslation();
  return (
    <Stack role="list" aria-label={t('assets.title')} spacing={1.5}>
      {assets.map((asset) => (
        <Card key={asset._id} role="listitem" variant="outlined" aria-label={asset.description} sx={{ p: 1.5 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 0.75 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Description asset={asset} scopeId={scopeId} linkTo={linkTo(asset)} />
            </Box>
            {canManage(asset) && <Actions asset={asset} actions={actions} />}
          </Stack>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: 'max-content minmax(0, 1fr)',
              columnGap: 1.5,
              rowGap: 0.5,
              fontSize: '0.875rem',
              alignItems: 'center',
            }}
          >
            <Fact label={t('assets.type')}>{asset.assetType.name}</Fact>
            <Fact label={t('assets.device')}>
              <LinkedDevice asset={asset} />
            </Fact>
            <Fact label={t('assets.lastSeen')}>
              <LastSeen asset={asset} />
            </Fact>
            <Fact label={t('assets.openAlarms')}>
              <OpenAlarms asset={asset} />
            </Fact>
          </Box>
        </Card>
      ))}
    </Stack>
  );
}
