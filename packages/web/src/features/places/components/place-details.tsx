import type { Place } from '@iot/shared';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditLocationAltOutlined from '@mui/icons-material/EditLocationAltOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatLocale } from '@/i18n';
import { PlaceDevices } from './place-devices';
import { GroupChip } from './place-list';

/** The chosen place: its group, level and shape, what an admin may do with it, and the devices at it now. */
export function PlaceDetails({
  place,
  scopeId,
  canManage,
  busy,
  onBack,
  onEdit,
  onReshape,
  onDelete,
}: {
  place: Place;
  /** The level of the page: a place of a sublevel names its own. */
  scopeId: string;
  canManage: boolean;
  /** A change of its shape is under way: the other changes wait. */
  busy: boolean;
  onBack: () => void;
  onEdit: () => void;
  onReshape: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(formatLocale(i18n.language), { maximumFractionDigits: 1 });
  return (
    <Stack spacing={1.5}>
      <Button startIcon={<ArrowBack />} onClick={onBack} sx={{ alignSelf: 'flex-start' }}>
        {t('places.backToList')}
      </Button>
      <Paper variant="outlined" component="section" aria-label={place.name} sx={{ p: 2 }}>
        <Stack spacing={1}>
          <Typography variant="h2" sx={{ fontSize: '1.2rem', fontWeight: 600 }}>
            {place.name}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <GroupChip group={place.group} />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {place.area.kind === 'circle'
                ? t('places.shape.circle', { radius: numbers.format(place.area.radius) })
                : t('places.shape.polygon', { count: place.area.points.length })}
            </Typography>
          </Stack>
          <Typography variant="body2">
            {place.devicesNow === 0 ? t('places.devicesNowNone') : t('places.devicesNow', { count: place.devicesNow })}
          </Typography>
          {place.businessId !== scopeId && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('places.level', { name: place.business.description })}
            </Typography>
          )}
          {canManage && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', pt: 0.5 }}>
              <Button size="small" startIcon={<EditOutlined />} onClick={onEdit} disabled={busy}>
                {t('places.edit')}
              </Button>
              <Button size="small" startIcon={<EditLocationAltOutlined />} onClick={onReshape} disabled={busy}>
                {t('places.reshape')}
              </Button>
              <Button size="small" color="error" startIcon={<DeleteOutlined />} onClick={onDelete} disabled={busy}>
                {t('places.delete')}
              </Button>
            </Stack>
          )}
        </Stack>
      </Paper>
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        {t('places.devices.title')}
      </Typography>
      <PlaceDevices placeId={place._id} placeName={place.name} />
    </Stack>
  );
}
