import { isJourneyOpen, type JourneyAction, type JourneyDetail } from '@iot/shared';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CommentOutlined from '@mui/icons-material/CommentOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import PauseOutlined from '@mui/icons-material/PauseOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { isApiError } from '@/api/client';
import { RouterLink } from '@/components/router-link';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { paths } from '@/config/paths';
import { downloadCsv } from '@/features/assets/lib/download';
import { formatLocale } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { loadScreenPart } from '@/lib/lazy-load';
import { exportJourneyCsv, useJourney } from '../api/journeys';
import { formatDateTime, formatDistance, formatDuration, formatSpeed } from '../lib/journey-format';
import { journeysTabSearch } from '../lib/journey-paths';
import { JourneyActionDialog } from './journey-action-dialog';
import { JourneyStateChip } from './journey-state-chip';
import { JourneysPlanNotice } from './journeys-plan-notice';

// The map library is large: it loads only when a journey is opened.
const JourneyMap = lazy(() => loadScreenPart(() => import('./journey-map')));

/** The buttons of a journey's page, in the order a journey goes through them. */
const ACTION_BUTTONS: readonly { action: JourneyAction; icon: ReactNode }[] = [
  { action: 'pause', icon: <PauseOutlined /> },
  { action: 'restart', icon: <PlayArrowOutlined /> },
  { action: 'finalize', icon: <FlagOutlined /> },
  { action: 'cancel', icon: <CancelOutlined /> },
  { action: 'comment', icon: <CommentOutlined /> },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, minWidth: 0 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Label and value pairs in two columns, the labels as wide as the longest. */
function Facts({ facts }: { facts: readonly [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 0.75,
        m: 0,
        // A phone's narrow column keeps a date on one line in the smaller text.
        fontSize: { xs: '0.875rem', sm: 'inherit' },
        '& dd': { m: 0, fontWeight: 500, overflowWrap: 'break-word', minWidth: 0 },
        '& dt': { color: 'text.secondary' },
      }}
    >
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}

function TrackMap({ journey }: { journey: JourneyDetail }) {
  const { t } = useTranslation();
  const { summary, track } = journey;
  const height = useMediaQuery(useTheme().breakpoints.down('sm')) ? 300 : 420;
  if (track.length === 0 && !summary.start)
    return <Typography sx={{ color: 'text.secondary', py: 2 }}>{t('journeys.noPositions')}</Typography>;
  const open = isJourneyOpen(journey.state);
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'grid', placeItems: 'center', height }}>
          <CircularProgress aria-label={t('app.loading')} />
        </Box>
      }
    >
      <JourneyMap
        track={track}
        stops={summary.stops}
        start={summary.start ?? track[0] ?? null}
        end={summary.end ?? track.at(-1) ?? null}
        endName={open ? t('journeys.map.latest') : t('journeys.map.end')}
        height={height}
        label={t('journeys.map.label')}
      />
    </Suspense>
  );
}

function Summary({ journey }: { journey: JourneyDetail }) {
  const { t, i18n } = useTranslation();
  const locale = formatLocale(i18n.language);
  const { summary } = journey;
  return (
    <Facts
      facts={[
        [t('journeys.distance'), formatDistance(summary.distanceM, locale)],
        [t('journeys.movingTime'), formatDuration(summary.movingMs, locale)],
        [t('journeys.stoppedTime'), formatDuration(summary.stoppedMs, locale)],
        [t('journeys.topSpeed'), formatSpeed(summary.topSpeedKmh, locale)],
        [t('journeys.averageSpeed'), formatSpeed(summary.averageSpeedKmh, locale)],
        [t('journeys.stopCount'), summary.stops.length],
        [t('journeys.started'), summary.start ? formatDateTime(summary.start.date, locale) : '—'],
        [t('journeys.lastPosition'), summary.end ? formatDateTime(summary.end.date, locale) : '—'],
      ]}
    />
  );
}

/** On a phone, a table's rows as a list: each row's main facts, then when it began and ended. */
function PhoneRows({
  label,
  rows,
}: {
  label: string;
  rows: readonly { key: string; primary: string; secondary: string }[];
}) {
  return (
    <List dense disablePadding aria-label={label}>
      {rows.map((row, index) => (
        <ListItem key={row.key} divider={index < rows.length - 1} sx={{ px: 0 }}>
          <ListItemText primary={row.primary} secondary={row.secondary} />
        </ListItem>
      ))}
    </List>
  );
}

function StopsTable({ journey }: { journey: JourneyDetail }) {
  const { t, i18n } = useTranslation();
  const locale = formatLocale(i18n.language);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  if (journey.summary.stops.length === 0)
    return <Typography sx={{ color: 'text.secondary' }}>{t('journeys.noStops')}</Typography>;
  if (phone)
    return (
      <PhoneRows
        label={t('journeys.stops')}
        rows={journey.summary.stops.map((stop, index) => ({
          key: stop.arrivedAt,
          primary: `${index + 1}. ${stop.place?.name ?? t('journeys.unknownPlace')} · ${formatDuration(stop.durationMs, locale)}`,
          secondary: `${formatDateTime(stop.arrivedAt, locale)} → ${stop.leftAt ? formatDateTime(stop.leftAt, locale) : t('journeys.stillThere')}`,
        }))}
      />
    );
  return (
    <TableContainer>
      <Table size="small" aria-label={t('journeys.stops')}>
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>{t('journeys.place')}</TableCell>
            <TableCell>{t('journeys.arrived')}</TableCell>
            <TableCell>{t('journeys.left')}</TableCell>
            <TableCell align="right">{t('journeys.duration')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {journey.summary.stops.map((stop, index) => (
            <TableRow key={stop.arrivedAt}>
              <TableCell>{index + 1}</TableCell>
              <TableCell sx={{ minWidth: 140 }}>
                {stop.place ? (
                  stop.place.name
                ) : (
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {t('journeys.unknownPlace')}
                  </Box>
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(stop.arrivedAt, locale)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {stop.leftAt ? formatDateTime(stop.leftAt, locale) : t('journeys.stillThere')}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatDuration(stop.durationMs, locale)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function LegsTable({ journey }: { journey: JourneyDetail }) {
  const { t, i18n } = useTranslation();
  const locale = formatLocale(i18n.language);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  if (journey.summary.legs.length === 0)
    return <Typography sx={{ color: 'text.secondary' }}>{t('journeys.noLegs')}</Typography>;
  if (phone)
    return (
      <PhoneRows
        label={t('journeys.legs')}
        rows={journey.summary.legs.map((leg, index) => ({
          key: leg.from.date,
          primary: [
            `${index + 1}. ${formatDistance(leg.distanceM, locale)}`,
            formatDuration(leg.durationMs, locale),
            `${t('journeys.topSpeed')} ${formatSpeed(leg.topSpeedKmh, locale)}`,
          ].join(' · '),
          secondary: `${formatDateTime(leg.from.date, locale)} → ${formatDateTime(leg.to.date, locale)}`,
        }))}
      />
    );
  return (
    <TableContainer>
      <Table size="small" aria-label={t('journeys.legs')}>
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>{t('journeys.legFrom')}</TableCell>
            <TableCell>{t('journeys.legTo')}</TableCell>
            <TableCell align="right">{t('journeys.distance')}</TableCell>
            <TableCell align="right">{t('journeys.duration')}</TableCell>
            <TableCell align="right">{t('journeys.topSpeed')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {journey.summary.legs.map((leg, index) => (
            <TableRow key={leg.from.date}>
              <TableCell>{index + 1}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(leg.from.date, locale)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(leg.to.date, locale)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatDistance(leg.distanceM, locale)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatDuration(leg.durationMs, locale)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatSpeed(leg.topSpeedKmh, locale)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function History({ journey }: { journey: JourneyDetail }) {
  const { t, i18n } = useTranslation();
  const locale = formatLocale(i18n.language);
  return (
    <List dense disablePadding aria-label={t('journeys.history')}>
      {journey.history.map((entry, index) => (
        <ListItem
          // The history only grows, oldest first: an entry's place is its identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          divider={index < journey.history.length - 1}
          sx={{ alignItems: 'flex-start', px: 0 }}
        >
          <ListItemText
            primary={t(`journeys.transition.${entry.transition}`)}
            secondary={
              <>
                <Box component="span" sx={{ display: 'block' }}>
                  {`${formatDateTime(entry.date, locale)} · ${entry.user ?? t('journeys.byPlatform')}`}
                </Box>
                {entry.comment && (
                  <Box component="span" sx={{ display: 'block', color: 'text.primary', whiteSpace: 'pre-wrap' }}>
                    {entry.comment}
                  </Box>
                )}
              </>
            }
          />
        </ListItem>
      ))}
    </List>
  );
}

interface JourneyPageProps {
  journeyId: string;
  /** The caller may act on journeys here but the plan does not allow it (`journeyUnlocked`): the notice says so. */
  locked: boolean;
}

/**
 * A journey's page: what it is and where it stands, the actions its state allows the caller, its track on the map
 * with start, stops and end, the summary with its legs and stops, its history, and the CSV export of legs and stops.
 */
export function JourneyPage({ journeyId, locked }: JourneyPageProps) {
  const { t, i18n } = useTranslation();
  const locale = formatLocale(i18n.language);
  const snackbar = useSnackbar();
  const journey = useJourney(journeyId);
  const [acting, setActing] = useState<JourneyAction | null>(null);
  const [exporting, setExporting] = useState(false);

  const back = (
    <Box>
      <Button component={Link} to={{ search: journeysTabSearch() }} startIcon={<ArrowBackOutlined />}>
        {t('journeys.back')}
      </Button>
    </Box>
  );
  if (journey.isError) {
    const text = isApiError(journey.error, 404) ? t('journeys.notFound') : errorMessage(t, journey.error);
    return (
      <Stack spacing={1.5}>
        {back}
        <Alert severity="warning">{text}</Alert>
      </Stack>
    );
  }
  if (!journey.data) {
    return (
      <Stack spacing={1.5}>
        {back}
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label={t('app.loading')} />
        </Box>
      </Stack>
    );
  }
  const current = journey.data;
  const allowed = ACTION_BUTTONS.filter(({ action }) => current.actions[action]);

  const runExport = async () => {
    setExporting(true);
    try {
      const date = current.createdAt.slice(0, 10);
      downloadCsv(await exportJourneyCsv(current._id), `journey-${date}-${current._id}.csv`);
    } catch (error) {
      snackbar.showError(errorMessage(t, error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack spacing={2}>
      {back}
      <Stack spacing={1}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
            {current.description}
          </Typography>
          <JourneyStateChip state={current.state} />
        </Stack>
        <Facts
          facts={[
            [
              t('journeys.device'),
              <RouterLink key="device" to={generatePath(paths.device, { uuid: current.device.uuid })}>
                {current.device.description || current.device.uuid}
              </RouterLink>,
            ],
            [t('journeys.level'), current.business.description],
            [t('journeys.createdAt'), formatDateTime(current.createdAt, locale)],
            [t('journeys.updatedAt'), formatDateTime(current.updatedAt, locale)],
            ...(current.endedAt
              ? [[t('journeys.ended'), formatDateTime(current.endedAt, locale)] as [string, ReactNode]]
              : []),
            ...(current.comment ? [[t('journeys.comment'), current.comment] as [string, ReactNode]] : []),
          ]}
        />
      </Stack>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {allowed.map(({ action, icon }) => (
          <Button
            key={action}
            variant={action === 'comment' ? 'text' : 'outlined'}
            color={action === 'cancel' ? 'error' : 'primary'}
            startIcon={icon}
            onClick={() => setActing(action)}
          >
            {t(`journeys.action.${action}`)}
          </Button>
        ))}
        <Box sx={{ flex: 1 }} />
        <Button
          startIcon={exporting ? <CircularProgress size={16} /> : <DownloadOutlined />}
          disabled={exporting}
          onClick={() => void runExport()}
        >
          {t('journeys.export')}
        </Button>
      </Stack>
      {locked && <JourneysPlanNotice reason="locked" />}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: 1, minWidth: 0 }}>
          <TrackMap journey={current} />
        </Paper>
        <Section title={t('journeys.summary')}>
          <Summary journey={current} />
        </Section>
      </Box>
      <Section title={t('journeys.stops')}>
        <StopsTable journey={current} />
      </Section>
      <Section title={t('journeys.legs')}>
        <LegsTable journey={current} />
      </Section>
      <Section title={t('journeys.history')}>
        <History journey={current} />
      </Section>
      {/* A change elsewhere may take the action away while the dialog is open: it closes then. */}
      {acting && current.actions[acting] && (
        <JourneyActionDialog journey={current} action={acting} onClose={() => setActing(null)} />
      )}
    </Stack>
  );
}
