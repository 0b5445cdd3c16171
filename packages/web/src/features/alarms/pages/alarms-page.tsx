import { type Alarm, hasRank } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ContentPage } from '@/components/content-page';
import { BusinessChoiceField } from '@/features/architecture/components/business-choice-field';
import { useBusinesses } from '@/features/businesses/api/get-businesses';
import { buildBusinessTree, roleOnBusiness } from '@/features/businesses/lib/business-tree';
import { useCurrentUser } from '@/lib/auth/use-current-user';
import { errorMessage } from '@/lib/error-message';
import { AlarmList, type AlarmListView } from '../components/alarm-list';
import { useAlarmColours } from '../components/use-alarm-colours';
import { readAlarmListParams, writeAlarmListParams } from '../lib/alarm-list-params';

/**
 * `/alarms`: the alarms of every business the caller sees, or of a chosen business's subtree, filtered by status,
 * newest first. The chosen business, filter and page live in the URL.
 */
export function AlarmsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const list = readAlarmListParams(params);
  const user = useCurrentUser().data;
  const businesses = useBusinesses();
  const tree = useMemo(() => (businesses.data ? buildBusinessTree(businesses.data) : undefined), [businesses.data]);
  // A business the caller does not see (any more) is left out: the list shows every business then.
  const businessId = list.businessId && tree?.byId.has(list.businessId) ? list.businessId : null;
  const colours = useAlarmColours(businessId ?? undefined);

  const change = useCallback(
    (next: Partial<ReturnType<typeof readAlarmListParams>>) =>
      setParams((current) => writeAlarmListParams(current, { ...readAlarmListParams(current), ...next }), {
        replace: true,
      }),
    [setParams],
  );
  const canChange = useCallback(
    (alarm: Alarm) => Boolean(user && tree && hasRank(roleOnBusiness(tree, alarm.businessId, user), 'user')),
    [user, tree],
  );
  const { businessId: _chosen, ...view } = list;

  let content: ReactNode;
  if (businesses.isError) content = <Alert severity="error">{errorMessage(t, businesses.error)}</Alert>;
  else if (!tree) {
    content = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  } else if (tree.roots.length === 0) content = <Alert severity="info">{t('alarms.noBusiness')}</Alert>;
  else {
    content = (
      <AlarmList
        key={businessId ?? ''}
        businessId={businessId}
        businessName={(id) => tree.byId.get(id)?.description}
        view={view}
        onViewChange={(next: AlarmListView) => change(next)}
        canChange={canChange}
        colours={colours}
      />
    );
  }

  return (
    <ContentPage title={t('route.alarms')} maxWidth={1200}>
      <Stack spacing={2.5}>
        {tree && tree.roots.length > 0 && (
          <Box sx={{ maxWidth: 480 }}>
            <BusinessChoiceField
              label={t('alarms.business')}
              value={businessId}
              clearable
              placeholder={t('alarms.allBusinesses')}
              onChange={(id) => change({ businessId: id, after: null })}
            />
          </Box>
        )}
        {content}
      </Stack>
    </ContentPage>
  );
}
