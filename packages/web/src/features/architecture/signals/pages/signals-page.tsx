import { useTranslation } from 'react-i18next';
import { ContentPage } from '@/components/content-page';
import { SignalList } from '../components/signal-list';

/** `/arch-signals` (provider staff): the platform's signal catalogue, edited under a lock. */
export function SignalsPage() {
  const { t } = useTranslation();
  return (
    <ContentPage title={t('route.archSignals')} subtitle={t('arch.signals.subtitle')} maxWidth={1200}>
      <SignalList />
    </ContentPage>
  );
}
