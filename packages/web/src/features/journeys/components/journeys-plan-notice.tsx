import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { vendor } from '@vendor';
import { useTranslation } from 'react-i18next';

/**
 * SPEC section 8's plan notice for journeys: `hidden`, the level's plan has none (`journeyVisible`); `locked`, they
 * show but cannot be created or changed (`journeyUnlocked`).
 */
export function JourneysPlanNotice({ reason }: { reason: 'hidden' | 'locked' }) {
  const { t } = useTranslation();
  return (
    <Alert severity="info">
      <AlertTitle>{t('planLimit.title')}</AlertTitle>
      {reason === 'hidden' ? t('journeys.notInPlan') : t('journeys.locked')} {t('planLimit.contactSupport')}{' '}
      <Link href={`mailto:${vendor.supportEmail}`}>{vendor.supportEmail}</Link>
    </Alert>
  );
}
