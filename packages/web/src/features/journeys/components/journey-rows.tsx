import type { Journey } from '@iot/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath } from 'react-router';
import { RouterLink } from '@/components/router-link';
import { paths } from '@/config/paths';
import { formatLocale } from '@/i18n';
import { formatDateTime, formatDistance } from '../lib/journey-format';
import { journeysTabSearch } from '../lib/journey-paths';
import { JourneyStateChip } from './journey-state-chip';

interface JourneyRowsProps {
  journeys: readonly Journey[];
  /** The level whose tab this is: a journey of a sublevel names its level. Absent in a device's tab. */
  scopeId?: string;
  /** Whether each journey names its device (not in the device's own tab). */
  withDevice: boolean;
}

function JourneyDevice({ journey }: { journey: Journey }) {
  return (
    <RouterLink to={generatePath(paths.device, { uuid: journey.device.uuid })} title={journey.device.uuid}>
      {journey.device.description || journey.device.uuid}
    </RouterLink>
  );
}

function Description({ journey, scopeId }: { journey: Journey; scopeId?: string }) {
  return (
    <Stack spacing={0.25} sx={{ minWidth: 0 }}>
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        <RouterLink to={{ search: journeysTabSearch(journey._id) }}>{journey.description}</RouterLink>
      </Typography>
      {scopeId !== undefined && journey.businessId !== scopeId && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {journey.business.description}
        </Typography>
      )}
    </Stack>
  );
}

/** The desktop list: a table, one row per journey. */
export function JourneyTable({ journeys, scopeId, withDevice }: JourneyRowsProps) {
  const { t, i18n } = useTranslation();
  const locale = formatLocale(i18n.language);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('journeys.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('journeys.description')}</TableCell>
            {withDevice && <TableCell>{t('journeys.device')}</TableCell>}
            <TableCell>{t('journeys.stateLabel')}</TableCell>
            <TableCell>{t('journeys.createdAt')}</TableCell>
            <TableCell>{t('journeys.updatedAt')}</TableCell>
            <TableCell align="right">{t('journeys.distance')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {journeys.map((journey) => (
            <TableRow key={journey._id} aria-label={journey.description}>
              <TableCell sx={{ minWidth: 180 }}>
                <Description journey={journey} scopeId={scopeId} />
              </TableCell>
              {withDevice && (
                <TableCell sx={{ minWidth: 140, overflowWrap: 'anywhere' }}>
                  <JourneyDevice journey={journey} />
                </TableCell>
              )}
              <TableCell>
                <JourneyStateChip state={journey.state} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(journey.createdAt, locale)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(journey.updatedAt, locale)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatDistance(journey.summary.distanceM, locale)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** One label and value line of a card; the labels of a card share one column, as wide as the longest. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box sx={{ color: 'text.secondary' }}>{label}</Box>
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
    </>
  );
}

/** The phone list: a card per journey with the facts of the table's row. */
export function JourneyCards({ journeys, scopeId, withDevice }: JourneyRowsProps) {
  const { t, i18n } = useTranslation();
  const locale = formatLocale(i18n.language);
  return (
    <Stack role="list" aria-label={t('journeys.title')} spacing={1.5}>
      {journeys.map((journey) => (
        <Card key={journey._id} role="listitem" variant="outlined" aria-label={journey.description} sx={{ p: 1.5 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 0.75 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Description journey={journey} scopeId={scopeId} />
            </Box>
            <JourneyStateChip state={journey.state} />
          </Stack>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: 'max-content minmax(0, 1fr)',
              columnGap: 1.5,
              rowGap: 0.5,
              fontSize: '0.875rem',
              alignItems: 'center',
            }}
          >
            {withDevice && (
              <Fact label={t('journeys.device')}>
                <JourneyDevice journey={journey} />
              </Fact>
            )}
            <Fact label={t('journeys.createdAt')}>{formatDateTime(journey.createdAt, locale)}</Fact>
            <Fact label={t('journeys.updatedAt')}>{formatDateTime(journey.updatedAt, locale)}</Fact>
            <Fact label={t('journeys.distance')}>{formatDistance(journey.summary.distanceM, locale)}</Fact>
          </Box>
        </Card>
      ))}
    </Stack>
  );
}
