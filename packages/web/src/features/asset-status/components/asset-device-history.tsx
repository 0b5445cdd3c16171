import type { AssetLink } from '@iot/shared';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '@/components/router-link';
import { formatLocale } from '@/i18n';

/**
 * The devices the asset was linked to, newest first, with the dates of each link: the asset's readings over a period
 * are those of the device linked then.
 */
export function AssetDeviceHistory({
  links,
  deviceLink,
}: {
  links: readonly AssetLink[];
  deviceLink: (uuid: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const dates = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  if (links.length === 0)
    return <Typography sx={{ color: 'text.secondary' }}>{t('assetStatus.historyNone')}</Typography>;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('assetStatus.history')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('assetStatus.column.device')}</TableCell>
            <TableCell>{t('assetStatus.linkedFrom')}</TableCell>
            <TableCell>{t('assetStatus.linkedTo')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {links.map((link) => (
            <TableRow key={`${link.device.uuid} ${link.linkedAt}`}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <RouterLink to={deviceLink(link.device.uuid)}>{link.device.description || link.device.uuid}</RouterLink>
              </TableCell>
              <TableCell>{dates.format(new Date(link.linkedAt))}</TableCell>
              <TableCell>
                {link.unlinkedAt ? dates.format(new Date(link.unlinkedAt)) : t('assetStatus.linkedNow')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
