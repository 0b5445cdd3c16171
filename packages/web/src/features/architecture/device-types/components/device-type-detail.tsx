import type { DeviceTypeInfo, ParameterDefinition } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
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
import { formatLocale } from '@/i18n';
import { parameterName, signalName } from '@/i18n/codec-names';
import { parameterDefinitionsOf } from '@/lib/parameter-definitions';
import { DeviceTypeAlarmsCard } from './device-type-alarms';
import { FrameDecoder } from './frame-decoder';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={1}>
      <Typography variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

function SignalsTable({ deviceType }: { deviceType: DeviceTypeInfo }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={t('arch.deviceTypes.signals')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('arch.signals.key')}</TableCell>
              <TableCell>{t('arch.signals.name')}</TableCell>
              <TableCell>{t('arch.signals.unit')}</TableCell>
              <TableCell>{t('arch.signals.type')}</TableCell>
              <TableCell>{t('arch.deviceTypes.valueType')}</TableCell>
              <TableCell>{t('arch.signals.showInList')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {deviceType.signals.map((signal) => (
              <TableRow key={signal.key}>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                  {signal.perChannel ? `${signal.key}_<n>` : signal.key}
                </TableCell>
                <TableCell>{signalName(t, signal.key, signal.name)}</TableCell>
                <TableCell>{signal.unit ?? ''}</TableCell>
                <TableCell>{t(`arch.signalType.${signal.kind}`)}</TableCell>
                <TableCell>{t(`arch.valueType.${signal.valueType}`)}</TableCell>
                <TableCell>{signal.showInList ? t('arch.yes') : t('arch.no')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

function ParametersTable({ definitions }: { definitions: readonly ParameterDefinition[] }) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(formatLocale(i18n.language), { maximumFractionDigits: 6 });
  const number = (value: number) => numbers.format(value);
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={t('arch.deviceTypes.parameters')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('arch.signals.key')}</TableCell>
              <TableCell>{t('arch.signals.name')}</TableCell>
              <TableCell>{t('arch.deviceTypes.valueType')}</TableCell>
              <TableCell align="right">{t('arch.params.min')}</TableCell>
              <TableCell align="right">{t('arch.params.max')}</TableCell>
              <TableCell align="right">{t('arch.params.step')}</TableCell>
              <TableCell align="right">{t('arch.params.default')}</TableCell>
              <TableCell>{t('arch.signals.unit')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {definitions.map((definition) => (
              <TableRow key={definition.key}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{definition.key}</TableCell>
                <TableCell>{parameterName(t, definition.key, definition.name)}</TableCell>
                <TableCell>{t(`arch.parameterType.${definition.type}`)}</TableCell>
                {definition.type === 'boolean' ? (
                  <>
                    <TableCell colSpan={3} />
                    <TableCell align="right">{definition.default ? t('arch.on') : t('arch.off')}</TableCell>
                    <TableCell />
                  </>
                ) : (
                  <>
                    <TableCell align="right">{number(definition.min)}</TableCell>
                    <TableCell align="right">{number(definition.max)}</TableCell>
                    <TableCell align="right">{number(definition.step)}</TableCell>
                    <TableCell align="right">{number(definition.default)}</TableCell>
                    <TableCell>{definition.unit ?? ''}</TableCell>
                  </>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

/**
 * One device type: how it communicates, the signals its codec reports, its parameters, a frame decoder and the alarm
 * rules every device of the type has.
 */
export function DeviceTypeDetail({ deviceType }: { deviceType: DeviceTypeInfo }) {
  const { t } = useTranslation();
  const definitions = parameterDefinitionsOf(deviceType);
  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontFamily: 'monospace', color: 'text.secondary' }}>{deviceType.id}</Typography>
        {deviceType.communicationTypes.map((communication) => (
          <Chip key={communication} size="small" variant="outlined" label={t(`arch.network.${communication}`)} />
        ))}
        <Chip
          size="small"
          variant="outlined"
          color={deviceType.configurable ? 'primary' : 'default'}
          label={deviceType.configurable ? t('arch.deviceTypes.takesParameters') : t('arch.deviceTypes.noParameters')}
        />
      </Stack>
      <FrameDecoder deviceType={deviceType} />
      <Section title={t('arch.deviceTypes.signals')}>
        <SignalsTable deviceType={deviceType} />
      </Section>
      <Section title={t('arch.deviceTypes.parameters')}>
        {definitions.length === 0 ? (
          <Alert severity="info">{t('arch.deviceTypes.noParametersText')}</Alert>
        ) : (
          <ParametersTable definitions={definitions} />
        )}
      </Section>
      <DeviceTypeAlarmsCard deviceType={deviceType} />
    </Stack>
  );
}
