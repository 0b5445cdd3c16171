import { type BusinessConfig, DEFAULT_PLAN, type User } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { usePlanQuery } from '@/lib/plan';
import { useBusinessConfig } from '../api/business-config';
import { type BusinessTree, canEditBusiness } from '../lib/business-tree';
import { BusinessAppearance, type InheritedLook } from './business-appearance';
import { BusinessViews } from './business-views';

/** What the level would inherit with nothing of its own; `undefined` where that cannot be known from here. */
function useInherited(tree: BusinessTree, businessId: string, config: BusinessConfig | undefined): InheritedLook {
  const parentId = tree.parentOf.get(businessId) ?? undefined;
  // With a theme or logo of its own, the level's effective look is its own: the parent's tells what lies above.
  const ownsSomething = Boolean(config?.theme || config?.logo);
  const parent = useBusinessConfig(ownsSomething ? parentId : undefined).data;
  // A top of the whole tree inherits nothing; a top of the caller's reach may, from levels out of sight.
  const above =
    parent?.effective ?? (tree.byId.get(businessId)?.parent === null ? { theme: null, logo: null } : undefined);
  return {
    theme: config?.theme ? above?.theme : config?.effective.theme,
    logo: config?.logo ? above?.logo : config?.effective.logo,
  };
}

/**
 * The manager tab: the level's look (theme colours, logo) and what each role may see on its devices. Both parts
 * save over the version first read, and over each of their own saves; after a conflict the user starts over.
 */
export function BusinessManager({ tree, businessId, user }: { tree: BusinessTree; businessId: string; user: User }) {
  const { t } = useTranslation();
  const config = useBusinessConfig(businessId);
  const plan = usePlanQuery(businessId);
  const inherited = useInherited(tree, businessId, config.data);
  const [version, setVersion] = useState<number>();
  if (config.data && version === undefined) setVersion(config.data.version);
  const canEdit = canEditBusiness(tree, businessId, user);

  if (config.isError) return <Alert severity="error">{errorMessage(t, config.error)}</Alert>;
  if (!config.data || version === undefined || plan.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  }
  const saved = (next: BusinessConfig) => setVersion(next.version);
  const startOver = () => {
    void config.refetch().then((fresh) => fresh.data && setVersion(fresh.data.version));
  };
  const shared = { businessId, config: config.data, version, canEdit, onSaved: saved, onStartOver: startOver };

  return (
    <Stack spacing={3}>
      {!canEdit && <Alert severity="info">{t('business.no_permission')}</Alert>}
      <BusinessAppearance
        {...shared}
        inherited={inherited}
        planAllows={(plan.data?.features ?? DEFAULT_PLAN).customColorAndLogo}
      />
      <BusinessViews {...shared} />
    </Stack>
  );
}
