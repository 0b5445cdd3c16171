import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { vendor } from '@vendor';
import { useTranslation } from 'react-i18next';

/** SPEC section 8's plan notice where the assets would be: the level's plan has no assets (`assetSupport`). */
export function AssetsPlanNotice() {
  const { t } = useTranslation();
  return (
    <Alert severity="info">
      <AlertTitle>{t('planLimit.title')}</AlertTitle>
      {t('assets.notInPlan')} {t('planLimit.contactSupport')}{' '}
      <Link href={`mailto:${vendor.supportEmail}`}>{vendor.supportEmail}</Link>
    </Alert>
  );
}
