import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { generatePath } from 'react-router';
import { RouterLink } from '@/components/router-link';
import { paths } from '@/config/paths';
import { useDeviceTypes } from '@/features/devices/api/get-device-types';
import { parameterDefinitionsOf } from '@/lib/parameter-definitions';
import { LoadFailure, LoadingBlock } from '../../components/load-state';

/** The device types the platform decodes, each linking to its signals, parameters and frame decoder. */
export function DeviceTypeList() {
  const { t } = useTranslation();
  const deviceTypes = useDeviceTypes();
  if (deviceTypes.isError) return <LoadFailure error={deviceTypes.error} onRetry={() => void deviceTypes.refetch()} />;
  if (!deviceTypes.data) return <LoadingBlock />;
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={t('route.archDeviceTypes')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('arch.deviceTypes.name')}</TableCell>
              <TableCell>{t('arch.deviceTypes.id')}</TableCell>
              <TableCell>{t('arch.deviceTypes.communication')}</TableCell>
              <TableCell align="right">{t('arch.deviceTypes.signals')}</TableCell>
              <TableCell align="right">{t('arch.deviceTypes.parameters')}</TableCell>
              <TableCell>{t('arch.deviceTypes.configurable')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {deviceTypes.data.length === 0 && (
              <TableRow>
                <TableCell colSpan={6} sx={{ color: 'text.secondary' }}>
                  {t('arch.deviceTypes.empty')}
                </TableCell>
              </TableRow>
            )}
            {deviceTypes.data.map((deviceType) => (
              <TableRow key={deviceType.id} hover>
                <TableCell>
                  <RouterLink to={generatePath(paths.archDeviceType, { type: deviceType.id })}>
                    {deviceType.name}
                  </RouterLink>
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{deviceType.id}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={0.5}>
                    {deviceType.communicationTypes.map((communication) => (
                      <Chip
                        key={communication}
                        size="small"
                        variant="outlined"
                        label={t(`arch.network.${communication}`)}
                      />
                    ))}
                  </Stack>
                </TableCell>
                <TableCell align="right">{deviceType.signals.length}</TableCell>
                <TableCell align="right">{parameterDefinitionsOf(deviceType).length}</TableCell>
                <TableCell>{deviceType.configurable ? t('arch.yes') : t('arch.no')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
