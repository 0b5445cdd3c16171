import { DEFAULT_PLAN, hasRank, type Place, type PlaceArea, type PlaceGroup, type User } from '@iot/shared';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import CircleOutlined from '@mui/icons-material/CircleOutlined';
import PentagonOutlined from '@mui/icons-material/PentagonOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { useConfirm } from '@/components/confirm-dialog';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { ancestorsOf, type BusinessTree, roleOnBusiness } from '@/features/businesses/lib/business-tree';
import { errorMessage } from '@/lib/error-message';
import { usePlanQuery } from '@/lib/plan';
import { MAP_PLACE_LIMIT, useDeletePlace, useMapPlaces, usePlaceGroups, useSavePlace } from '../api/places';
import { PlaceDetails } from './place-details';
import { PlaceDialog } from './place-dialog';
import { PlaceGroupsDialog } from './place-groups-dialog';
import { PlaceList } from './place-list';
import type { DrawingTool } from './places-map';
import { PlacesPlanNotice } from './places-plan-notice';

// The map and drawing libraries are large: they load with this screen's map only.
const PlacesMap = lazy(() => import('./places-map'));

const spinner = (label: string, height?: number | string) => (
  <Box sx={{ height, display: 'grid', placeItems: 'center', py: 4 }}>
    <CircularProgress aria-label={label} />
  </Box>
);

type Editing = { kind: 'create'; area: PlaceArea } | { kind: 'edit'; placeId: string } | null;
/** A place whose shape is being changed: its area as dragged so far (null until the first change). */
type Reshaping = { placeId: string; area: PlaceArea | null; failure: unknown } | null;

const MAP_HEIGHT = { xs: 340, md: 'max(460px, calc(100dvh - 300px))' } as const;

export interface LevelProps {
  tree: BusinessTree;
  user: User;
  businessId: string;
  selectedId: string | null;
  onSelect: (placeId: string | null) => void;
}

/**
 * The places of level `businessId`'s subtree on a map and in a list, with how many devices are at each now and which
 * ones; admins draw, reshape, rename, regroup and delete places and manage the POI groups. Without POIs in the
 * level's plan, the plan notice.
 */
export function LevelPlaces(props: LevelProps) {
  const { t } = useTranslation();
  const plan = usePlanQuery(props.businessId);
  if (plan.isPending) return spinner(t('app.loading'));
  if (!(plan.data?.features ?? DEFAULT_PLAN).poiSupport) return <PlacesPlanNotice />;
  return <PlacesWorkspace {...props} />;
}

function PlacesWorkspace({ tree, user, businessId, selectedId, onSelect }: LevelProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const mapPlaces = useMapPlaces(businessId);
  const groups = usePlaceGroups(businessId);
  const savePlace = useSavePlace();
  const deletePlace = useDeletePlace();
  const [tool, setTool] = useState<DrawingTool>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [reshaping, setReshaping] = useState<Reshaping>(null);
  const [groupsOpen, setGroupsOpen] = useState(false);
  const [focus, setFocus] = useState<{ area: PlaceArea } | null>(null);
  // A place chosen in the list that the map's first page does not hold.
  const [picked, setPicked] = useState<Place | null>(null);

  const places = mapPlaces.data?.items ?? [];
  const placeOf = (id: string | null) =>
    id ? (places.find((place) => place._id === id) ?? (picked?._id === id ? picked : undefined)) : undefined;
  const selected = placeOf(selectedId);
  const groupList = groups.data?.items ?? [];

  const adminOf = (levelId: string) => !tree.byId.has(levelId) || hasRank(roleOnBusiness(tree, levelId, user), 'admin');
  const isAdmin = hasRank(roleOnBusiness(tree, businessId, user), 'admin');
  // A place joins a group of its own level or of one above it, as the server checks.
  const groupsFor = (levelId: string): PlaceGroup[] => {
    const levels = new Set([levelId, ...ancestorsOf(tree, levelId)]);
    return groupList.filter((group) => levels.has(group.businessId));
  };

  const select = (place: Place | null) => {
    setPicked(place);
    onSelect(place?._id ?? null);
    if (place) setFocus({ area: place.area });
    if (reshaping && reshaping.placeId !== place?._id) setReshaping(null);
  };
  const startDrawing = (shape: Exclude<DrawingTool, null>) => {
    setReshaping(null);
    setTool((current) => (current === shape ? null : shape));
  };
  const askDelete = async (place: Place) => {
    const confirmed = await confirm({
      title: t('places.deleteTitle'),
      message: t('places.deleteText', { name: place.name }),
      confirmLabel: t('places.delete'),
      destructive: true,
    });
    if (!confirmed) return;
    deletePlace.mutate(
      { businessId: place.businessId, placeId: place._id, version: place.version },
      {
        onSuccess: () => {
          select(null);
          snackbar.showSuccess(t('places.deleted', { name: place.name }));
        },
      },
    );
  };
  const saveShape = () => {
    const place = reshaping && placeOf(reshaping.placeId);
    if (!place || !reshaping?.area) return;
    savePlace.mutate(
      { update: { businessId: place.businessId, placeId: place._id, version: place.version, area: reshaping.area } },
      {
        onSuccess: () => {
          setReshaping(null);
          snackbar.showSuccess(t('places.shapeSaved', { name: place.name }));
        },
        // The places are read again: a second save goes over the version now stored, the shape drawn is kept.
        onError: (failure) => setReshaping((current) => current && { ...current, failure }),
      },
    );
  };

  if (isApiError(mapPlaces.error) && mapPlaces.error.code === 'plan.unavailable') return <PlacesPlanNotice />;

  const reshaped = reshaping ? placeOf(reshaping.placeId) : undefined;
  const editedPlace = editing?.kind === 'edit' ? placeOf(editing.placeId) : undefined;
  const drawingHint = tool === 'circle' ? t('places.hint.circle') : tool === 'polygon' ? t('places.hint.polygon') : '';

  const mapPanel = (
    <Box sx={{ position: 'relative', flex: 1, minWidth: 0, width: '100%' }}>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {mapPlaces.isError ? (
          <Box sx={{ height: MAP_HEIGHT, display: 'grid', placeItems: 'center', p: 2 }}>
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void mapPlaces.refetch()}>
                  {t('app.retry')}
                </Button>
              }
            >
              {errorMessage(t, mapPlaces.error)}
            </Alert>
          </Box>
        ) : (
          <Box sx={{ height: MAP_HEIGHT }}>
            <Suspense fallback={spinner(t('app.loading'), '100%')}>
              <PlacesMap
                places={places}
                selectedId={selectedId}
                onSelect={(id) => select(placeOf(id) ?? null)}
                tool={tool}
                onDrawn={(area) => {
                  setTool(null);
                  setEditing({ kind: 'create', area });
                }}
                draft={editing?.kind === 'create' ? editing.area : null}
                reshaping={reshaped ?? null}
                onReshape={(area) => setReshaping((current) => current && { ...current, area, failure: null })}
                focus={focus}
                height="100%"
              />
            </Suspense>
          </Box>
        )}
      </Paper>
      {(tool || reshaping) && (
        <Paper
          elevation={3}
          role="status"
          sx={{ position: 'absolute', left: 8, right: 56, top: 8, p: 1.25, zIndex: 2 }}
        >
          <Stack spacing={1}>
            <Typography variant="body2">{tool ? drawingHint : t('places.hint.reshape')}</Typography>
            {reshaping?.failure ? (
              <Alert severity={isApiError(reshaping.failure, 409) ? 'warning' : 'error'}>
                {isApiError(reshaping.failure, 409) ? t('places.conflict') : errorMessage(t, reshaping.failure)}
              </Alert>
            ) : null}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button size="small" onClick={() => (tool ? setTool(null) : setReshaping(null))}>
                {t('app.cancel')}
              </Button>
              {reshaping && (
                <Button
                  size="small"
                  variant="contained"
                  disabled={!reshaping.area || savePlace.isPending}
                  onClick={saveShape}
                >
                  {t('places.saveShape')}
                </Button>
              )}
            </Stack>
          </Stack>
        </Paper>
      )}
      {mapPlaces.data?.nextCursor && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {t('places.mapTruncated', { limit: MAP_PLACE_LIMIT })}
        </Typography>
      )}
    </Box>
  );

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button size={phone ? 'small' : 'medium'} startIcon={<CategoryOutlined />} onClick={() => setGroupsOpen(true)}>
          {t('places.groups')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {isAdmin &&
          (['circle', 'polygon'] as const).map((shape) => (
            // On a phone the three buttons fit one line with short words and no icons; the full words stay their names.
            <Button
              key={shape}
              size={phone ? 'small' : 'medium'}
              variant={tool === shape ? 'contained' : 'outlined'}
              startIcon={phone ? undefined : shape === 'circle' ? <CircleOutlined /> : <PentagonOutlined />}
              aria-label={shape === 'circle' ? t('places.drawCircle') : t('places.drawPolygon')}
              aria-pressed={tool === shape}
              onClick={() => startDrawing(shape)}
            >
              {shape === 'circle'
                ? t(phone ? 'places.drawCircleShort' : 'places.drawCircle')
                : t(phone ? 'places.drawPolygonShort' : 'places.drawPolygon')}
            </Button>
          ))}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        {mapPanel}
        <Box sx={{ width: { xs: '100%', md: 420 }, flexShrink: 0 }}>
          {selected && (
            <PlaceDetails
              place={selected}
              scopeId={businessId}
              canManage={adminOf(selected.businessId)}
              busy={Boolean(reshaping)}
              onBack={() => select(null)}
              onEdit={() => setEditing({ kind: 'edit', placeId: selected._id })}
              onReshape={() => {
                setTool(null);
                setFocus({ area: selected.area });
                setReshaping({ placeId: selected._id, area: null, failure: null });
              }}
              onDelete={() => void askDelete(selected)}
            />
          )}
          {/* Kept while a place is shown, so that its search and filter are still there on the way back. */}
          <Box sx={{ display: selected ? 'none' : 'block' }}>
            <PlaceList businessId={businessId} groups={groupList} selectedId={selectedId} onSelect={select} />
          </Box>
        </Box>
      </Stack>
      {editing?.kind === 'create' && (
        <PlaceDialog
          businessId={businessId}
          area={editing.area}
          groups={groupsFor(businessId)}
          onClose={() => setEditing(null)}
          onSaved={(place) => {
            setEditing(null);
            select(place);
            snackbar.showSuccess(t('places.created', { name: place.name }));
          }}
        />
      )}
      {editing?.kind === 'edit' && editedPlace && (
        <PlaceDialog
          key={editedPlace._id}
          businessId={businessId}
          place={editedPlace}
          area={editedPlace.area}
          groups={groupsFor(editedPlace.businessId)}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            snackbar.showSuccess(t('app.updated'));
          }}
        />
      )}
      {groupsOpen && (
        <PlaceGroupsDialog
          businessId={businessId}
          canAdd={isAdmin}
          canManage={(group) => adminOf(group.businessId)}
          onClose={() => setGroupsOpen(false)}
        />
      )}
    </Stack>
  );
}
