import type { BulkDeviceResponse } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatLocale } from '@/i18n';

/** How a creation went: how many devices were made, and each one that was not with the server's reason. */
export function CreationResults({ response }: { response: BulkDeviceResponse }) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(formatLocale(i18n.language));
  const refused = response.results.filter((result) => !result.ok);
  return (
    <Stack spacing={1.5} role="status" aria-label={t('arch.creation.results')}>
      <Alert severity={response.failed === 0 ? 'success' : response.succeeded === 0 ? 'error' : 'warning'}>
        {t('arch.creation.succeeded', { total: numbers.format(response.succeeded) })}
        {response.failed > 0 && ` · ${t('arch.creation.failed', { total: numbers.format(response.failed) })}`}
      </Alert>
      {refused.length > 0 && (
        <Paper variant="outlined">
          <Typography sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>{t('arch.creation.notCreated')}</Typography>
          <TableContainer>
            <Table size="small" aria-label={t('arch.creation.notCreated')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('arch.creation.networkId')}</TableCell>
                  <TableCell>{t('arch.creation.reason')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {refused.map((result, index) => (
                  // A device may be listed twice (a repeated network id), so the position keeps rows apart.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list never changes order once shown.
                  <TableRow key={`${result.device}-${index}`}>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{result.device}</TableCell>
                    <TableCell>{result.message ?? result.code ?? t('server.error')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
    </Stack>
  );
}
