import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ContentPage } from '@/components/content-page';
import { paths } from '@/config/paths';
import { useDeviceTypes } from '@/features/devices/api/get-device-types';
import { parameterDefinitionsOf } from '@/lib/parameter-definitions';
import { LoadFailure, LoadingBlock } from '../../components/load-state';
import { usePreset } from '../api/get-presets';
import { PresetEditor } from '../components/preset-editor';
import { NEW_PRESET, PresetList } from '../components/preset-list';

/** The device types a preset may be of: those with parameters. */
function useModels() {
  const deviceTypes = useDeviceTypes();
  const models = deviceTypes.data?.filter((deviceType) => parameterDefinitionsOf(deviceType).length > 0);
  return { deviceTypes, models };
}

function PresetPage({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const isNew = uuid === NEW_PRESET;
  const preset = usePreset(isNew ? undefined : uuid);
  const { deviceTypes, models } = useModels();
  let content: ReactNode;
  if (preset.isError)
    content = (
      <LoadFailure
        error={preset.error}
        onRetry={() => void preset.refetch()}
        notFound={{ text: t('arch.params.notFound'), backTo: paths.archParams, backLabel: t('arch.params.backToList') }}
      />
    );
  else if (deviceTypes.isError)
    content = <LoadFailure error={deviceTypes.error} onRetry={() => void deviceTypes.refetch()} />;
  else if (!models || (!isNew && !preset.data)) content = <LoadingBlock />;
  else content = <PresetEditor key={uuid} preset={isNew ? null : (preset.data ?? null)} models={models} />;
  return (
    <ContentPage title={isNew ? t('arch.params.createTitle') : (preset.data?.name ?? t('route.archParams'))}>
      <Button component={Link} to={paths.archParams} startIcon={<ArrowBack />} sx={{ mb: 2 }}>
        {t('route.archParams')}
      </Button>
      {content}
    </ContentPage>
  );
}

/** `/arch-params` (the presets) and `/arch-params/{uuid}` (one preset, or `new`). */
export function PresetsPage() {
  const { t } = useTranslation();
  const { uuid } = useParams();
  const { deviceTypes, models } = useModels();
  if (uuid) return <PresetPage uuid={uuid} />;
  let content: ReactNode;
  if (deviceTypes.isError)
    content = <LoadFailure error={deviceTypes.error} onRetry={() => void deviceTypes.refetch()} />;
  else if (!models) content = <LoadingBlock />;
  else content = <PresetList models={models} />;
  return (
    <ContentPage title={t('route.archParams')} subtitle={t('arch.params.subtitle')} maxWidth={1200}>
      {content}
    </ContentPage>
  );
}
