import { type DeviceTypeInfo, SIGNAL_CONDITION_TEXT_MAX, type SignalValueCondition } from '@iot/shared';
import Add from '@mui/icons-material/Add';
import Cancel from '@mui/icons-material/Cancel';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type FormEvent, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocale, messageText } from '@/i18n';
import { signalName } from '@/i18n/codec-names';
import { useReadingText } from '@/i18n/reading-text';
import { MAX_SIGNAL_CONDITIONS } from '../lib/device-list-params';
import {
  type ConditionDraft,
  type ConditionErrors,
  conditionOf,
  conditionSignal,
  filterSignalId,
  filterSignals,
  operatorsOf,
  type SignalValueOperator,
} from '../lib/signal-conditions';

type SignalDefinition = DeviceTypeInfo['signals'][number];

const SYMBOLS: Record<SignalValueOperator, string> = { eq: '=', neq: '≠', gt: '>', gte: '≥', lt: '<', lte: '≤' };
const EMPTY_DRAFT: ConditionDraft = { signalId: '', channel: '', op: 'eq', value: '' };
/** A choice's text wraps rather than ending in "…" where the popover is narrow (a phone). */
const WRAPPING_SELECT = { '& .MuiSelect-select': { whiteSpace: 'normal' } } as const;

interface SignalValueFilterProps {
  conditions: readonly SignalValueCondition[];
  onChange: (conditions: SignalValueCondition[]) => void;
  deviceTypes: readonly DeviceTypeInfo[];
  /** The device types the list is filtered on: their signals are offered, all types' when none. */
  chosenTypes: readonly string[];
}

/** The button that opens the form for a condition on a signal's latest value ("Temperature > 8 °C"). */
export function SignalValueButton({ conditions, onChange, deviceTypes, chosenTypes }: SignalValueFilterProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const full = conditions.length >= MAX_SIGNAL_CONDITIONS;
  return (
    <>
      <Tooltip title={full ? t('devices.signalFilter.full', { max: MAX_SIGNAL_CONDITIONS }) : ''}>
        <span>
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<Add />}
            disabled={full}
            aria-haspopup="dialog"
            onClick={(event) => setAnchor(event.currentTarget)}
            sx={{ height: 40, whiteSpace: 'nowrap', borderColor: 'divider', color: 'text.secondary' }}
          >
            {t('devices.signalFilter.open')}
          </Button>
        </span>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        {anchor && (
          <SignalConditionForm
            signals={filterSignals(deviceTypes, chosenTypes)}
            onCancel={() => setAnchor(null)}
            onAdd={(condition) => {
              setAnchor(null);
              const others = conditions.filter((other) => JSON.stringify(other) !== JSON.stringify(condition));
              onChange([...others, condition]);
            }}
          />
        )}
      </Popover>
    </>
  );
}

/** A signal's name as the device screens give it, with its unit; a per-channel signal says a channel is to come. */
function useSignalLabel() {
  const { t } = useTranslation();
  return useCallback(
    (signal: SignalDefinition) => {
      const name = signalName(t, signal.key, signal.name);
      const label = signal.unit ? `${name} (${signal.unit})` : name;
      return signal.perChannel ? t('devices.signalFilter.perChannel', { signal: label }) : label;
    },
    [t],
  );
}

function SignalConditionForm({
  signals,
  onAdd,
  onCancel,
}: {
  signals: readonly SignalDefinition[];
  onAdd: (condition: SignalValueCondition) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const labelOf = useSignalLabel();
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const [errors, setErrors] = useState<ConditionErrors | null>(null);
  const signal = signals.find((candidate) => filterSignalId(candidate) === draft.signalId);
  // In the order of their names as read, so a signal and its per-channel kind sit side by side.
  const options = useMemo(() => {
    const collator = new Intl.Collator(formatLocale(i18n.language));
    return signals
      .map((option) => ({ id: filterSignalId(option), label: labelOf(option) }))
      .sort((one, other) => collator.compare(one.label, other.label));
  }, [signals, labelOf, i18n.language]);

  const change = (next: ConditionDraft) => {
    setDraft(next);
    // Errors show after the first try to add, then follow each change.
    if (errors) {
      const checked = conditionOf(next, signals);
      setErrors('errors' in checked ? checked.errors : {});
    }
  };
  const chooseSignal = (signalId: string) => {
    const chosen = signals.find((candidate) => filterSignalId(candidate) === signalId);
    const operators = chosen ? operatorsOf(chosen.valueType) : [];
    const sameKind = chosen?.valueType === signal?.valueType;
    change({
      signalId,
      channel: chosen?.perChannel ? draft.channel : '',
      op: operators.includes(draft.op) ? draft.op : 'eq',
      value: sameKind ? draft.value : '',
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = conditionOf(draft, signals);
    if ('condition' in checked) onAdd(checked.condition);
    else setErrors(checked.errors);
  };
  const fieldError = (field: keyof ConditionErrors, hint?: string) => {
    const error = errors?.[field];
    return { error: Boolean(error), helperText: error ? messageText(t, error) : hint };
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('devices.signalFilter.title')}
      onSubmit={submit}
      sx={{ p: 2, width: 360, maxWidth: 'calc(100vw - 32px)' }}
    >
      <Typography variant="subtitle2" sx={{ mb: 2 }}>
        {t('devices.signalFilter.title')}
      </Typography>
      <Stack spacing={2}>
        <TextField
          select
          size="small"
          label={t('devices.signalFilter.signal')}
          value={draft.signalId}
          onChange={(event) => chooseSignal(event.target.value)}
          disabled={signals.length === 0}
          sx={WRAPPING_SELECT}
          slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxWidth: 'calc(100vw - 32px)' } } } } } }}
          {...fieldError('signal')}
          {...(signals.length === 0 ? { helperText: t('devices.signalFilter.noSignals') } : {})}
        >
          {options.map((option) => (
            <MenuItem key={option.id} value={option.id} sx={{ whiteSpace: 'normal' }}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        {signal?.perChannel && (
          <TextField
            size="small"
            label={t('devices.signalFilter.channel')}
            value={draft.channel}
            onChange={(event) => change({ ...draft, channel: event.target.value })}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
            {...fieldError(
              'channel',
              t('devices.signalFilter.channelHint', { example: signalName(t, `${signal.key}_3`, `${signal.name} 3`) }),
            )}
          />
        )}
        <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={t('devices.signalFilter.operator')}
            value={draft.op}
            onChange={(event) => change({ ...draft, op: event.target.value as SignalValueOperator })}
            disabled={!signal}
            sx={{ flex: '1 1 150px', minWidth: 0, ...WRAPPING_SELECT }}
            {...fieldError('op')}
          >
            {operatorsOf(signal?.valueType ?? 'number').map((op) => (
              <MenuItem key={op} value={op}>
                {t(`devices.signalFilter.op.${op}`)}
              </MenuItem>
            ))}
          </TextField>
          <ValueField
            signal={signal}
            value={draft.value}
            onChange={(value) => change({ ...draft, value })}
            {...fieldError('value')}
          />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>{t('app.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!signal}>
            {t('devices.signalFilter.add')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/** The value to compare with: yes or no for a flag, a number (with its unit) or a text as typed. */
function ValueField({
  signal,
  value,
  onChange,
  error,
  helperText,
}: {
  signal: SignalDefinition | undefined;
  value: string;
  onChange: (value: string) => void;
  error: boolean;
  helperText: string | undefined;
}) {
  const { t } = useTranslation();
  const common = {
    size: 'small' as const,
    label: t('devices.signalFilter.value'),
    value,
    disabled: !signal,
    error,
    helperText,
    sx: { flex: '1 1 120px', minWidth: 0, ...WRAPPING_SELECT },
  };
  if (signal?.valueType === 'boolean') {
    return (
      <TextField select {...common} onChange={(event) => onChange(event.target.value)}>
        <MenuItem value="true">{t('device.value.yes')}</MenuItem>
        <MenuItem value="false">{t('device.value.no')}</MenuItem>
      </TextField>
    );
  }
  const numeric = signal?.valueType === 'number';
  return (
    <TextField
      {...common}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        htmlInput: numeric ? { inputMode: 'decimal' } : { maxLength: SIGNAL_CONDITION_TEXT_MAX },
        input:
          numeric && signal.unit
            ? { endAdornment: <InputAdornment position="end">{signal.unit}</InputAdornment> }
            : undefined,
      }}
    />
  );
}

/** The conditions set, one chip each ("Temperature > 8 °C"), each removable. */
export function SignalValueChips({ conditions, onChange, deviceTypes }: Omit<SignalValueFilterProps, 'chosenTypes'>) {
  const { t } = useTranslation();
  const readingText = useReadingText();
  if (conditions.length === 0) return null;
  const labelOf = (condition: SignalValueCondition) => {
    const known = conditionSignal(deviceTypes, condition.signal);
    const name = known ? signalName(t, condition.signal, known.name) : condition.signal;
    return `${name} ${SYMBOLS[condition.op]} ${readingText(condition.value, known?.signal.unit)}`;
  };
  return (
    <Stack
      component="ul"
      direction="row"
      useFlexGap
      spacing={1}
      aria-label={t('devices.signalFilter.conditions')}
      sx={{ flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0 }}
    >
      {conditions.map((condition) => {
        const label = labelOf(condition);
        return (
          <li key={JSON.stringify(condition)}>
            <Chip
              label={label}
              deleteIcon={<Cancel titleAccess={t('devices.signalFilter.remove', { condition: label })} />}
              onDelete={() => onChange(conditions.filter((other) => other !== condition))}
            />
          </li>
        );
      })}
    </Stack>
  );
}
