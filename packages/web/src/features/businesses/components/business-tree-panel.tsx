import type { User } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { SearchField } from '@/components/search-field';
import { errorMessage } from '@/lib/error-message';
import { useBusinesses } from '../api/get-businesses';
import { businessDevicesPath } from '../lib/business-paths';
import { ancestorsOf, type BusinessTree, buildBusinessTree } from '../lib/business-tree';
import { useBusinessActions } from './business-actions';
import { BusinessTreeView } from './business-tree-view';
import { useExpandedBusinesses } from './use-expanded-businesses';

export const BUSINESS_PANEL_WIDTH = 400;
const PLACES_PATH = '/places';

interface PanelProps {
  user: User;
  /** The level of the page being shown, if any. */
  businessId?: string | undefined;
  /** Called after a level was chosen (the phone's drawer closes). */
  onNavigate?: () => void;
}

function PanelTree({ tree, user, businessId, onNavigate }: PanelProps & { tree: BusinessTree }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const { expanded, toggle, expand } = useExpandedBusinesses(tree);
  const actions = useBusinessActions(tree, user, expand);

  // The level of the page being shown is always in view.
  useEffect(() => {
    if (businessId && tree.byId.has(businessId)) expand(ancestorsOf(tree, businessId));
  }, [businessId, tree, expand]);

  return (
    <>
      <Box sx={{ p: 1.5, pb: 1 }}>
        <SearchField label={t('businesses.search')} value={search} onChange={setSearch} />
      </Box>
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <BusinessTreeView
          tree={tree}
          expanded={expanded}
          onToggle={toggle}
          search={deferredSearch}
          selectedId={businessId ?? null}
          onSelect={(id) => {
            const business = tree.byId.get(id);
            // The places screen shows one level at a time: choosing another shows its places, not its devices.
            if (business && pathname === PLACES_PATH) void navigate(`${PLACES_PATH}?business=${business._id}`);
            else if (business) void navigate(businessDevicesPath(business));
            onNavigate?.();
          }}
          onOpenMenu={actions.openMenu}
          label={t('businesses.tree')}
        />
      </Box>
      {actions.elements}
    </>
  );
}

/** The business-tree side panel (SPEC section 2): the reachable businesses, a search and a menu per level. */
export function BusinessTreePanel({ user, businessId, onNavigate }: PanelProps) {
  const { t } = useTranslation();
  const businesses = useBusinesses();
  const tree = useMemo(() => (businesses.data ? buildBusinessTree(businesses.data) : undefined), [businesses.data]);
  return (
    <Box
      component="nav"
      aria-label={t('businesses.tree')}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      {tree ? (
        <PanelTree tree={tree} user={user} businessId={businessId} onNavigate={onNavigate} />
      ) : businesses.isError ? (
        <Box sx={{ p: 2 }}>
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void businesses.refetch()}>
                {t('app.retry')}
              </Button>
            }
          >
            {errorMessage(t, businesses.error)}
          </Alert>
        </Box>
      ) : (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress size={28} aria-label={t('app.loading')} />
        </Box>
      )}
    </Box>
  );
}
