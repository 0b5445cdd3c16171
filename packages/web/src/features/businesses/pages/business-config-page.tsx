import { hasRank } from '@iot/shared';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ContentPage } from '@/components/content-page';
import { BusinessActionsCard } from '@/features/alarms/components/business-actions-card';
import { AssetsTab } from '@/features/assets/components/assets-tab';
import { LevelContractsTab } from '@/features/contracts/components/level-contracts-tab';
import { DeviceList } from '@/features/devices/components/device-list';
import { IntegrationsCard } from '@/features/integrations/components/integrations-card';
import { JourneysTab } from '@/features/journeys/components/journeys-tab';
import { useCurrentUser } from '@/lib/auth/use-current-user';
import { errorMessage } from '@/lib/error-message';
import { useBusinesses } from '../api/get-businesses';
import { useBusinessActions } from '../components/business-actions';
import { BusinessLogs } from '../components/business-logs';
import { BusinessManager } from '../components/business-manager';
import { BusinessTreeView } from '../components/business-tree-view';
import { BusinessUsers } from '../components/business-users';
import { useExpandedBusinesses } from '../components/use-expanded-businesses';
import { businessConfigPath } from '../lib/business-paths';
import {
  type BusinessTree,
  buildBusinessTree,
  businessPath,
  canEditBusiness,
  roleOnBusiness,
} from '../lib/business-tree';

/** The tabs of SPEC section 2, in its order. */
const TABS = [
  'hierarchy',
  'assets',
  'devices',
  'users',
  'alarms',
  'contracts',
  'logs',
  'manager',
  'journeys',
  'inventory',
] as const;
type ConfigTab = (typeof TABS)[number];
/** The tabs whose capability is built: the others (inventory) show once theirs is. */
const BUILT_TABS: ReadonlySet<ConfigTab> = new Set([
  'hierarchy',
  'assets',
  'devices',
  'users',
  'alarms',
  'contracts',
  'logs',
  'manager',
  'journeys',
]);
const SHOWN_TABS = TABS.filter((name) => BUILT_TABS.has(name));

function Hierarchy({ tree, businessId }: { tree: BusinessTree; businessId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser().data;
  const rootIds = useMemo(() => [businessId], [businessId]);
  const { expanded, toggle, expand } = useExpandedBusinesses(tree, rootIds);
  const actions = useBusinessActions(tree, user, expand);
  // The most common change of this tab in plain sight, not only behind the level's ⋮ menu.
  const canAdd = Boolean(user && canEditBusiness(tree, businessId, user));
  return (
    <Stack spacing={1.5}>
      {canAdd && (
        <Box>
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => actions.openAddChild(businessId)}>
            {t('businesses.addChild')}
          </Button>
        </Box>
      )}
      <Paper variant="outlined" sx={{ height: 480 }}>
        <BusinessTreeView
          tree={tree}
          rootIds={rootIds}
          expanded={expanded}
          onToggle={toggle}
          selectedId={businessId}
          onSelect={(id) => {
            const business = tree.byId.get(id);
            if (business && id !== businessId) void navigate(businessConfigPath(business));
          }}
          onOpenMenu={actions.openMenu}
          initialHeight={480}
          label={t('businesses.tab.hierarchy')}
        />
      </Paper>
      {actions.elements}
    </Stack>
  );
}

/** `/businesses/{id}/{name}/config`: one level's configuration, a tab per section (`?tab=`). */
export function BusinessConfigPage() {
  const { t } = useTranslation();
  const { businessId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as ConfigTab | null;
  const tab: ConfigTab = requested && SHOWN_TABS.includes(requested) ? requested : 'hierarchy';
  const businesses = useBusinesses();
  const tree = useMemo(() => (businesses.data ? buildBusinessTree(businesses.data) : undefined), [businesses.data]);
  const business = tree?.byId.get(businessId);
  const user = useCurrentUser().data;

  return (
    <ContentPage
      title={business ? business.description : t('route.businessConfig')}
      subtitle={business && tree ? businessPath(tree, business._id) : undefined}
      maxWidth={1040}
    >
      {businesses.isError ? (
        <Alert severity="error">{errorMessage(t, businesses.error)}</Alert>
      ) : !tree ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label={t('app.loading')} />
        </Box>
      ) : !business ? (
        <Alert severity="warning">{t('businesses.notFound')}</Alert>
      ) : (
        <Stack spacing={2.5}>
          <Tabs
            value={tab}
            onChange={(_event, next: ConfigTab) => setParams({ tab: next }, { replace: true })}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label={t('businesses.tabs')}
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            {SHOWN_TABS.map((name) => (
              <Tab key={name} value={name} label={t(`businesses.tab.${name}`)} />
            ))}
          </Tabs>
          <Box role="tabpanel" aria-label={t(`businesses.tab.${tab}`)}>
            {tab === 'hierarchy' && <Hierarchy key={business._id} tree={tree} businessId={business._id} />}
            {tab === 'assets' && user && (
              <AssetsTab key={business._id} tree={tree} businessId={business._id} user={user} />
            )}
            {tab === 'devices' && (
              <Stack spacing={2.5}>
                {user && hasRank(roleOnBusiness(tree, business._id, user), 'admin') && (
                  <IntegrationsCard key={business._id} businessId={business._id} />
                )}
                <DeviceList key={business._id} businessId={business._id} />
              </Stack>
            )}
            {tab === 'users' && user && (
              <BusinessUsers key={business._id} tree={tree} businessId={business._id} user={user} />
            )}
            {tab === 'alarms' &&
              (user && hasRank(roleOnBusiness(tree, business._id, user), 'admin') ? (
                <BusinessActionsCard key={business._id} businessId={business._id} />
              ) : (
                <Alert severity="info">{t('actions.adminsOnly')}</Alert>
              ))}
            {tab === 'contracts' && user && (
              <LevelContractsTab key={business._id} tree={tree} businessId={business._id} user={user} />
            )}
            {tab === 'logs' && (
              <BusinessLogs
                key={business._id}
                businessId={business._id}
                nameOf={(id) => tree.byId.get(id)?.description}
              />
            )}
            {tab === 'manager' && user && (
              <BusinessManager key={business._id} tree={tree} businessId={business._id} user={user} />
            )}
            {tab === 'journeys' && user && (
              <JourneysTab
                key={business._id}
                scope={{ kind: 'business', businessId: business._id }}
                canEdit={hasRank(roleOnBusiness(tree, business._id, user), 'user')}
              />
            )}
          </Box>
        </Stack>
      )}
    </ContentPage>
  );
}
