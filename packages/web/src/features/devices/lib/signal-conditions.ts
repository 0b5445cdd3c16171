import {
  type DeviceTypeInfo,
  type Message,
  messageOf,
  SIGNAL_CONDITION_TEXT_MAX,
  SIGNAL_VALUE_OPERATORS,
  SignalValueCondition,
} from '@iot/shared';

type SignalDefinition = DeviceTypeInfo['signals'][number];
export type SignalValueOperator = (typeof SIGNAL_VALUE_OPERATORS)[number];

/** The server compares numbers every way, flags and texts only for (in)equality. */
export const operatorsOf = (valueType: SignalDefinition['valueType']): readonly SignalValueOperator[] =>
  valueType === 'number' ? SIGNAL_VALUE_OPERATORS : ['eq', 'neq'];

/** A per-channel signal's readings are keyed `temperature_3`, so it is chosen once and asks for its channel. */
export const filterSignalId = (signal: Pick<SignalDefinition, 'key' | 'perChannel'>) =>
  signal.perChannel ? `${signal.key}_*` : signal.key;

const SIGNAL_KEY = /^[A-Za-z0-9_]+$/;
const CHANNEL_KEY = /^(.+)_(\d{1,3})$/;

/**
 * The signals the list filters on: those of the chosen device types (of every type when none is chosen), once per
 * key. Debug signals are left out as the device screens do, and positions, which the server does not compare.
 */
export function filterSignals(deviceTypes: readonly DeviceTypeInfo[], chosen: readonly string[]): SignalDefinition[] {
  const byId = new Map<string, SignalDefinition>();
  for (const type of deviceTypes) {
    if (chosen.length && !chosen.includes(type.id)) continue;
    for (const signal of type.signals) {
      if (signal.kind === 'debug' || signal.valueType === 'position' || !SIGNAL_KEY.test(signal.key)) continue;
      if (!byId.has(filterSignalId(signal))) byId.set(filterSignalId(signal), signal);
    }
  }
  return [...byId.values()];
}

/**
 * The definition behind a condition's signal key and its name as the device screens give it (`Temperature 3` for
 * channel 3 of a per-channel signal); none for a key no device type has.
 */
export function conditionSignal(
  deviceTypes: readonly DeviceTypeInfo[],
  key: string,
): { signal: SignalDefinition; name: string } | undefined {
  const signals = deviceTypes.flatMap((type) => type.signals);
  const exact = signals.find((signal) => signal.key === key && !signal.perChannel);
  if (exact) return { signal: exact, name: exact.name };
  const [, base, channel] = CHANNEL_KEY.exec(key) ?? [];
  const channelled = signals.find((signal) => signal.perChannel && signal.key === base);
  return channelled && { signal: channelled, name: `${channelled.name} ${channel}` };
}

/** A condition as written in the filter's form: the values as typed (a flag as `true` or `false`). */
export interface ConditionDraft {
  signalId: string;
  channel: string;
  op: SignalValueOperator;
  value: string;
}

/** What may be wrong with a draft: a shared message (a text too long names its limit), or the filter's own words. */
type ConditionError = Message | 'devices.signalFilter.notNumber' | 'devices.signalFilter.channelRange';
export type ConditionErrors = Partial<Record<'signal' | 'channel' | 'op' | 'value', ConditionError>>;

const DECIMAL = /^-?(\d+([.,]\d*)?|[.,]\d+)$/;

/**
 * The condition a draft asks for, checked as the server checks it, or what is wrong with it (messages):
 * numbers may have a decimal comma, texts are trimmed, and nothing empty is ever sent.
 */
export function conditionOf(
  draft: ConditionDraft,
  signals: readonly SignalDefinition[],
): { condition: SignalValueCondition } | { errors: ConditionErrors } {
  const signal = signals.find((candidate) => filterSignalId(candidate) === draft.signalId);
  if (!signal) return { errors: { signal: 'validation.required' } };
  const errors: ConditionErrors = {};
  const channel = draft.channel.trim();
  if (signal.perChannel && !(/^\d{1,3}$/.test(channel) && Number(channel) <= 255)) {
    errors.channel = channel ? 'devices.signalFilter.channelRange' : 'validation.required';
  }
  if (!operatorsOf(signal.valueType).includes(draft.op)) errors.op = 'validation.invalid';
  const text = draft.value.trim();
  let value: number | boolean | string = text;
  if (!text) errors.value = 'validation.required';
  else if (text.length > SIGNAL_CONDITION_TEXT_MAX)
    errors.value = messageOf('validation.max_length', { max: SIGNAL_CONDITION_TEXT_MAX });
  else if (signal.valueType === 'number') {
    value = Number(text.replace(',', '.'));
    if (!DECIMAL.test(text) || !Number.isFinite(value)) errors.value = 'devices.signalFilter.notNumber';
  } else if (signal.valueType === 'boolean') value = text === 'true';
  if (Object.keys(errors).length) return { errors };
  const checked = SignalValueCondition.safeParse({
    signal: signal.perChannel ? `${signal.key}_${Number(channel)}` : signal.key,
    op: draft.op,
    value,
  });
  return checked.success ? { condition: checked.data } : { errors: { value: 'validation.invalid' } };
}
