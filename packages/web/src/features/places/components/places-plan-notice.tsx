import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { vendor } from '@vendor';
import { useTranslation } from 'react-i18next';

/** SPEC section 8's plan notice where the places would be: the level's plan has no POIs (`poiSupport`). */
export function PlacesPlanNotice() {
  const { t } = useTranslation();
  return (
    <Alert severity="info">
      <AlertTitle>{t('planLimit.title')}</AlertTitle>
      {t('places.notInPlan')} {t('planLimit.contactSupport')}{' '}
      <Link href={`mailto:${vendor.supportEmail}`}>{vendor.supportEmail}</Link>
    </Alert>
  );
}
