import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ContentPage } from '@/components/content-page';
import { paths } from '@/config/paths';
import { useDeviceTypes } from '@/features/devices/api/get-device-types';
import { LoadFailure, LoadingBlock } from '../../components/load-state';
import { DeviceTypeDetail } from '../components/device-type-detail';
import { DeviceTypeList } from '../components/device-type-list';

function DeviceTypePage({ id }: { id: string }) {
  const { t } = useTranslation();
  const deviceTypes = useDeviceTypes();
  const deviceType = deviceTypes.data?.find((candidate) => candidate.id === id);
  let content: ReactNode;
  if (deviceTypes.isError)
    content = <LoadFailure error={deviceTypes.error} onRetry={() => void deviceTypes.refetch()} />;
  else if (!deviceTypes.data) content = <LoadingBlock />;
  else if (!deviceType) content = <Alert severity="warning">{t('arch.deviceTypes.notFound', { id })}</Alert>;
  else content = <DeviceTypeDetail deviceType={deviceType} />;
  return (
    <ContentPage title={deviceType?.name ?? t('route.archDeviceTypes')} maxWidth={1200}>
      <Button component={Link} to={paths.archDeviceTypes} startIcon={<ArrowBack />} sx={{ mb: 2 }}>
        {t('route.archDeviceTypes')}
      </Button>
      {content}
    </ContentPage>
  );
}

/** `/arch-device-types` (the list) and `/arch-device-types/{type}` (one type with its frame decoder). */
export function DeviceTypesPage() {
  const { t } = useTranslation();
  const { type } = useParams();
  if (type) return <DeviceTypePage id={type} />;
  return (
    <ContentPage title={t('route.archDeviceTypes')} subtitle={t('arch.deviceTypes.subtitle')} maxWidth={1200}>
      <DeviceTypeList />
    </ContentPage>
  );
}
