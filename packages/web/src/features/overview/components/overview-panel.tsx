import { type Alarm, OVERVIEW_SILENT_HOURS, type Overview } from '@iot/shared';
import type { SvgIconComponent } from '@mui/icons-material';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsPausedOutlined from '@mui/icons-material/NotificationsPausedOutlined';
import PriorityHighOutlined from '@mui/icons-material/PriorityHighOutlined';
import SensorsOffOutlined from '@mui/icons-material/SensorsOffOutlined';
import SignalCellularNodataOutlined from '@mui/icons-material/SignalCellularNodataOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, type To } from 'react-router';
import { RouterLink } from '@/components/router-link';
import { paths } from '@/config/paths';
import { AlarmStatusChip } from '@/features/alarms/components/alarm-status-chip';
import { formatLocale } from '@/i18n';
import { VENDOR_COLOURS } from '@/lib/business-theme';
import { errorMessage } from '@/lib/error-message';
import { useOverview } from '../api/get-overview';

/**
 * Where each figure leads: the list it counts, filtered by the query parameters that list reads (`status` of the
 * alarm list; `seen` of the device list, whose `silent-24h` is the overview's silence, never heard included).
 */
export const overviewLinks = {
  alarms: (status: 'active' | 'latched' | 'snoozed') => `${paths.alarms}?status=${status}`,
  openAlarms: paths.alarms,
  silentDevices: `${paths.devices}?seen=silent-${OVERVIEW_SILENT_HOURS}h`,
  neverHeardDevices: `${paths.devices}?seen=never`,
  deviceAlarms: (uuid: string) => `${generatePath(paths.device, { uuid })}?tab=alarms`,
};

interface Figure {
  key: string;
  label: string;
  count: number | undefined;
  to: To;
  icon: SvgIconComponent;
  /** The colour that marks the figure while it is not zero. */
  accent: string;
  caption?: string;
}

/** One figure as a tile that opens its filtered list. */
function FigureTile({ figure }: { figure: Figure }) {
  const { i18n } = useTranslation();
  const Icon = figure.icon;
  const marked = (figure.count ?? 0) > 0;
  return (
    <Paper
      variant="outlined"
      sx={{
        overflow: 'hidden',
        borderLeftWidth: 4,
        borderLeftColor: marked ? figure.accent : 'divider',
      }}
    >
      <CardActionArea
        component={Link}
        to={figure.to}
        aria-label={figure.count === undefined ? figure.label : `${figure.label}: ${figure.count}`}
        sx={{ height: '100%', p: { xs: 1.5, sm: 2 } }}
      >
        <Stack spacing={0.75} sx={{ height: '100%' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <Icon fontSize="small" sx={{ color: marked ? figure.accent : 'inherit' }} />
            <Typography variant="body2" sx={{ fontWeight: 500, lineHeight: 1.25 }}>
              {figure.label}
            </Typography>
          </Stack>
          <Typography
            component="p"
            sx={{ fontSize: { xs: '1.75rem', sm: '2rem' }, fontWeight: 600, lineHeight: 1.1 }}
            data-testid={`overview-${figure.key}`}
          >
            {figure.count === undefined ? (
              <Skeleton width={48} />
            ) : (
              new Intl.NumberFormat(formatLocale(i18n.language)).format(figure.count)
            )}
          </Typography>
          {figure.caption && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {figure.caption}
            </Typography>
          )}
        </Stack>
      </CardActionArea>
    </Paper>
  );
}

/** The newest open alarms, each leading to its device's alarms. */
function LatestAlarms({ alarms }: { alarms: Alarm[] | undefined }) {
  const { t, i18n } = useTranslation();
  const dates = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Paper variant="outlined" component="section" aria-labelledby="overview-latest-title">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.25, gap: 1 }}>
        <Typography id="overview-latest-title" variant="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          {t('overview.latestAlarms')}
        </Typography>
        <Button component={Link} to={overviewLinks.openAlarms} size="small">
          {t('overview.allOpenAlarms')}
        </Button>
      </Stack>
      {alarms === undefined ? (
        <Stack spacing={1} sx={{ px: 2, pb: 2 }}>
          <Skeleton height={28} />
          <Skeleton height={28} />
        </Stack>
      ) : alarms.length === 0 ? (
        <Typography sx={{ px: 2, pb: 2, color: 'text.secondary' }}>{t('overview.noOpenAlarms')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {alarms.map((alarm) => (
            <Box
              component="li"
              key={alarm.id}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: 'auto 1fr', sm: '7.5rem minmax(0, 1fr) minmax(0, 1fr) auto' },
                columnGap: 2,
                rowGap: 0.25,
                alignItems: 'center',
                px: 2,
                py: 1.25,
                borderTop: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ gridRow: { xs: 'span 2', sm: 'auto' } }}>
                <AlarmStatusChip status={alarm.status} colours={VENDOR_COLOURS.alarm} />
              </Box>
              <RouterLink to={overviewLinks.deviceAlarms(alarm.device.uuid)} sx={{ overflowWrap: 'anywhere' }}>
                {alarm.device.description || alarm.device.uuid}
              </RouterLink>
              <Typography variant="body2" sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }}>
                {alarm.signalName}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: { sm: 'nowrap' } }}>
                <Box component="span" sx={{ display: { sm: 'none' } }}>
                  {alarm.signalName} ·{' '}
                </Box>
                {dates.format(new Date(alarm.raisedAt))}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

function figuresOf(overview: Overview | undefined, t: TFunction, notificationsTo: To): Figure[] {
  const { alarm } = VENDOR_COLOURS;
  return [
    {
      key: 'active',
      label: t('overview.activeAlarms'),
      count: overview?.alarms.active,
      to: overviewLinks.alarms('active'),
      icon: NotificationsActiveOutlined,
      accent: alarm.active,
    },
    {
      key: 'latched',
      label: t('overview.latchedAlarms'),
      count: overview?.alarms.latched,
      to: overviewLinks.alarms('latched'),
      icon: PriorityHighOutlined,
      accent: alarm.latched,
    },
    {
      key: 'snoozed',
      label: t('overview.snoozedAlarms'),
      count: overview?.alarms.snoozed,
      to: overviewLinks.alarms('snoozed'),
      icon: NotificationsPausedOutlined,
      accent: alarm.snoozed,
    },
    {
      key: 'silent',
      label: t('overview.silentDevices', { hours: OVERVIEW_SILENT_HOURS }),
      count: overview?.devices.silent,
      to: overviewLinks.silentDevices,
      icon: SensorsOffOutlined,
      accent: 'warning.main',
      // Beside how many there are in all, once there are some.
      ...(overview?.devices.total ? { caption: t('overview.ofDevices', { count: overview.devices.total }) } : {}),
    },
    {
      key: 'never',
      label: t('overview.neverHeardDevices'),
      count: overview?.devices.neverHeard,
      to: overviewLinks.neverHeardDevices,
      icon: SignalCellularNodataOutlined,
      accent: 'warning.main',
    },
    {
      key: 'unread',
      label: t('overview.unreadNotifications'),
      count: overview?.notifications.unread,
      to: notificationsTo,
      icon: MarkEmailUnreadOutlined,
      accent: 'info.main',
    },
  ];
}

/**
 * The overview of the caller's part of the tree: open alarms by status, silent and never-heard devices and unread
 * notifications, each a tile opening its filtered list, over the newest open alarms. `notificationsTo` opens the
 * notification dialog (the app shell owns it).
 */
export function OverviewPanel({ notificationsTo }: { notificationsTo: To }) {
  const { t } = useTranslation();
  const overview = useOverview();
  if (overview.isError && !overview.data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void overview.refetch()}>
            {t('app.retry')}
          </Button>
        }
      >
        {errorMessage(t, overview.error)}
      </Alert>
    );
  }
  return (
    <Stack spacing={2}>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 1.25, sm: 1.5 },
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr))',
            lg: 'repeat(6, minmax(0, 1fr))',
          },
        }}
      >
        {figuresOf(overview.data, t, notificationsTo).map((figure) => (
          <FigureTile key={figure.key} figure={figure} />
        ))}
      </Box>
      <LatestAlarms alarms={overview.data?.alarms.latest} />
    </Stack>
  );
}
