import { useTranslation } from 'react-i18next';
import { ContentPage } from '@/components/content-page';
import { DevicesCreationForm } from '../components/devices-creation-form';

/** `/arch-devices-creation` (provider staff): creates devices in bulk from a pasted list or a CSV file. */
export function DevicesCreationPage() {
  const { t } = useTranslation();
  return (
    <ContentPage title={t('route.archDevicesCreation')} subtitle={t('arch.creation.subtitle')} maxWidth={1040}>
      <DevicesCreationForm />
    </ContentPage>
  );
}
