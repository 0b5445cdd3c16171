import { DEFAULT_PLAN, JOURNEY_STATES, type Journey } from '@iot/shared';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '@/api/client';
import { PagedListStatus } from '@/components/paged-list-status';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { usePlanQuery } from '@/lib/plan';
import { type JourneyOwner, type JourneyStateFilter, useJourneyPages } from '../api/journeys';
import { JOURNEY_PARAM, journeysTabSearch } from '../lib/journey-paths';
import { JourneyPage } from './journey-page';
import { JourneyCards, JourneyTable } from './journey-rows';
import { JourneysPlanNotice } from './journeys-plan-notice';
import { NewJourneyDialog } from './new-journey-dialog';

/** Where the tab is: a level's configuration, or a device's screen (whose level's plan applies). */
export type JourneysScope =
  | { kind: 'business'; businessId: string }
  | { kind: 'device'; businessId: string; device: { uuid: string; description: string } };

interface JourneysTabProps {
  scope: JourneysScope;
  /** The caller's role allows creating and acting on journeys here (a user or an admin of the level). */
  canEdit: boolean;
}

/**
 * The journeys tab of a level's configuration and of a device's screen (SPEC section 2): the journeys of the level's
 * subtree or of the device, newest first and filtered by state, or one journey's page when the URL names one.
 * Without `journeyVisible` in the plan, the plan notice; without `journeyUnlocked`, the journeys show but cannot be
 * created or changed.
 */
export function JourneysTab({ scope, canEdit }: JourneysTabProps) {
  const { t } = useTranslation();
  const plan = usePlanQuery(scope.businessId);
  const [params] = useSearchParams();
  const journeyId = params.get(JOURNEY_PARAM);
  if (plan.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  }
  const features = plan.data?.features ?? DEFAULT_PLAN;
  if (!features.journeyVisible) return <JourneysPlanNotice reason="hidden" />;
  const locked = canEdit && !features.journeyUnlocked;
  if (journeyId) return <JourneyPage key={journeyId} journeyId={journeyId} locked={locked} />;
  return <JourneyList scope={scope} canCreate={canEdit && features.journeyUnlocked} locked={locked} />;
}

function JourneyList({ scope, canCreate, locked }: { scope: JourneysScope; canCreate: boolean; locked: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [state, setState] = useState<JourneyStateFilter>(null);
  const [creating, setCreating] = useState(false);
  const owner = useMemo<JourneyOwner>(
    () => (scope.kind === 'device' ? { deviceUUID: scope.device.uuid } : { businessId: scope.businessId }),
    [scope],
  );
  const pages = useJourneyPages(owner, state);
  const journeys = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);

  if (isApiError(pages.error) && pages.error.code === 'plan.unavailable') return <JourneysPlanNotice reason="hidden" />;

  const rowProps = {
    journeys,
    scopeId: scope.kind === 'business' ? scope.businessId : undefined,
    withDevice: scope.kind === 'business',
  };
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" useFlexGap spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('journeys.stateFilter')}
          value={state ?? ''}
          onChange={(event) => setState(JOURNEY_STATES.find((one) => one === event.target.value) ?? null)}
          // "All states" is a choice like the others, shown as such rather than as an empty input.
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          sx={{ width: { xs: '100%', sm: 240 } }}
        >
          <MenuItem value="">{t('journeys.allStates')}</MenuItem>
          {JOURNEY_STATES.map((one) => (
            <MenuItem key={one} value={one}>
              {t(`journeys.state.${one}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }} />
        {(canCreate || locked) && (
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            disabled={!canCreate}
            onClick={() => setCreating(true)}
          >
            {t('journeys.add')}
          </Button>
        )}
      </Stack>
      {locked && <JourneysPlanNotice reason="locked" />}
      <PagedListStatus
        query={pages}
        empty={journeys.length === 0}
        emptyText={state ? t('journeys.noMatch') : t('journeys.empty')}
      >
        <Stack spacing={1.5}>
          <Box sx={{ position: 'relative' }}>
            {/* The last answer stays shown while the one for another state loads; this bar says it is on its way. */}
            {pages.isPlaceholderData && (
              <LinearProgress
                aria-label={t('app.loading')}
                sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 2 }}
              />
            )}
            {phone ? <JourneyCards {...rowProps} /> : <JourneyTable {...rowProps} />}
          </Box>
          {pages.hasNextPage && (
            <Box sx={{ display: 'flex', justifyContent: 'center' }}>
              <Button
                variant="outlined"
                disabled={pages.isFetchingNextPage}
                startIcon={pages.isFetchingNextPage ? <CircularProgress size={16} /> : undefined}
                onClick={() => void pages.fetchNextPage()}
              >
                {t('journeys.loadMore')}
              </Button>
            </Box>
          )}
        </Stack>
      </PagedListStatus>
      {creating && (
        <NewJourneyDialog
          businessId={scope.businessId}
          device={scope.kind === 'device' ? scope.device : undefined}
          onClose={() => setCreating(false)}
          onCreated={(journey: Journey) => {
            setCreating(false);
            snackbar.showSuccess(t('journeys.created'));
            void navigate({ search: journeysTabSearch(journey._id) });
          }}
        />
      )}
    </Stack>
  );
}
