import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { useBusinessUsers } from '@/features/businesses/api/business-users';
import { errorMessage } from '@/lib/error-message';

/** The users tab: who reaches the device through its business, with their role there; changed on the business. */
export function DeviceUsers({ businessId }: { businessId: string }) {
  const { t } = useTranslation();
  const users = useBusinessUsers(businessId);
  if (users.isError) return <Alert severity="error">{errorMessage(t, users.error)}</Alert>;
  if (users.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  }
  const rows = [...users.data.users, ...users.data.inherited];
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('device.tab.users')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('device.users.name')}</TableCell>
            <TableCell>{t('device.users.email')}</TableCell>
            <TableCell>{t('device.users.role')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((user) => (
            <TableRow key={user.email}>
              <TableCell>{user.name || '—'}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{user.email}</TableCell>
              <TableCell>
                {t(`businesses.role.${user.role}`)}
                {user.inheritedFrom &&
                  ` · ${t('device.users.inheritedFrom', { name: user.inheritedFrom.description })}`}
              </TableCell>
            </TableRow>
          ))}
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={3}>{t('device.users.none')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
