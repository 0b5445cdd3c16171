import type { Device, DeviceTypeInfo } from '@iot/shared';
import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeviceLocationState } from '@/features/locations/components/location-state-chip';
import { LastSeen } from './device-facts';
import { ListedValues } from './listed-values';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box sx={{ color: 'text.secondary' }}>{label}</Box>
      <Box sx={{ minWidth: 0 }}>{children}</Box>
    </>
  );
}

/** What a device's marker opens on the map: its name, type, where it is, when it was last heard and its latest values. */
export function DeviceMapCard({
  device,
  typeName,
  typeOf,
  linkTo,
}: {
  device: Device;
  typeName: (deviceType: string) => string;
  typeOf: (deviceType: string) => DeviceTypeInfo | undefined;
  linkTo: (uuid: string) => string;
}) {
  const { t } = useTranslation();
  const name = device.description || device.uuid;
  return (
    <Stack component="section" aria-label={name} spacing={1} sx={{ p: 1.5, pr: 3, width: 280, maxWidth: '100%' }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content minmax(0, 1fr)',
          columnGap: 1.5,
          rowGap: 0.5,
          fontSize: '0.8125rem',
          alignItems: 'baseline',
        }}
      >
        <Fact label={t('devices.column.type')}>{typeName(device.deviceType)}</Fact>
        <Fact label={t('devices.column.location')}>
          <DeviceLocationState location={device.location} />
        </Fact>
        <Fact label={t('devices.column.lastSeen')}>
          <LastSeen device={device} />
        </Fact>
        <Fact label={t('devices.column.values')}>
          <ListedValues device={device} deviceType={typeOf(device.deviceType)} lines={4} />
        </Fact>
      </Box>
      <Button
        component={Link}
        to={linkTo(device.uuid)}
        size="small"
        variant="outlined"
        endIcon={<ArrowForwardOutlined fontSize="small" />}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('devices.mapOpenDevice')}
      </Button>
    </Stack>
  );
}
