import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentBusinessId } from '@/app/layout/use-current-plan';
import { ContentPage } from '@/components/content-page';
import { BusinessChoiceField } from '@/features/architecture/components/business-choice-field';
import { useBusinesses } from '@/features/businesses/api/get-businesses';
import { buildBusinessTree } from '@/features/businesses/lib/business-tree';
import { useCurrentUser } from '@/lib/auth/use-current-user';
import { errorMessage } from '@/lib/error-message';
import { LevelPlaces } from '../components/level-places';

/**
 * `/places`: the points of interest of a level's subtree, the level chosen here (the first of the user's tree to
 * begin with). The level and the place shown live in the URL (`?business=&place=`).
 */
export function PlacesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const user = useCurrentUser().data;
  const businesses = useBusinesses();
  const tree = useMemo(() => (businesses.data ? buildBusinessTree(businesses.data) : undefined), [businesses.data]);
  const currentBusinessId = useCurrentBusinessId();
  const chosen = params.get('business');
  const businessId = chosen && tree?.byId.has(chosen) ? chosen : currentBusinessId;
  const selectedId = params.get('place');

  const change = useCallback(
    (next: { business?: string | null; place?: string | null }) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          for (const [key, value] of Object.entries(next)) {
            if (value) updated.set(key, value);
            else updated.delete(key);
          }
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );

  let content: ReactNode;
  if (businesses.isError) content = <Alert severity="error">{errorMessage(t, businesses.error)}</Alert>;
  else if (!tree || !user)
    content = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  else if (!businessId || !tree.byId.has(businessId)) content = <Alert severity="info">{t('places.noBusiness')}</Alert>;
  else
    content = (
      <LevelPlaces
        key={businessId}
        tree={tree}
        user={user}
        businessId={businessId}
        selectedId={selectedId}
        onSelect={(place) => change({ place })}
      />
    );

  return (
    <ContentPage title={t('route.places')} maxWidth={1440}>
      <Stack spacing={2}>
        {tree && tree.roots.length > 0 && (
          <Box sx={{ maxWidth: 480 }}>
            <BusinessChoiceField
              label={t('places.business')}
              value={businessId ?? null}
              onChange={(id) => change({ business: id, place: null })}
            />
          </Box>
        )}
        {content}
      </Stack>
    </ContentPage>
  );
}
