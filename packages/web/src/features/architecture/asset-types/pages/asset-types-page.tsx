import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ContentPage } from '@/components/content-page';
import { paths } from '@/config/paths';
import { LoadFailure, LoadingBlock } from '../../components/load-state';
import { useAssetType } from '../api/get-asset-types';
import { AssetTypeEditor } from '../components/asset-type-editor';
import { AssetTypeList, NEW_ASSET_TYPE } from '../components/asset-type-list';

function AssetTypePage({ id }: { id: string }) {
  const { t } = useTranslation();
  const isNew = id === NEW_ASSET_TYPE;
  const assetType = useAssetType(isNew ? undefined : id);
  let content: ReactNode;
  if (assetType.isError) content = <LoadFailure error={assetType.error} onRetry={() => void assetType.refetch()} />;
  else if (!isNew && !assetType.data) content = <LoadingBlock />;
  else content = <AssetTypeEditor key={id} assetType={isNew ? null : (assetType.data ?? null)} />;
  return (
    <ContentPage title={isNew ? t('arch.assetTypes.createTitle') : (assetType.data?.name ?? t('route.archAssetTypes'))}>
      <Button component={Link} to={paths.archAssetTypes} startIcon={<ArrowBack />} sx={{ mb: 2 }}>
        {t('route.archAssetTypes')}
      </Button>
      {content}
    </ContentPage>
  );
}

/** `/arch-asset-types` (the list) and `/arch-asset-types/{id}` (one asset type, or `new`). */
export function AssetTypesPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  if (id) return <AssetTypePage id={id} />;
  return (
    <ContentPage title={t('route.archAssetTypes')} subtitle={t('arch.assetTypes.subtitle')} maxWidth={1040}>
      <AssetTypeList />
    </ContentPage>
  );
}
