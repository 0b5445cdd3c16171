import { type DeviceTypeInfo, messageOf, SIGNAL_CONDITION_TEXT_MAX } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import { type ConditionDraft, conditionOf, conditionSignal, filterSignals } from './signal-conditions';

type Signal = DeviceTypeInfo['signals'][number];
const signal = (key: string, valueType: Signal['valueType'], extra: Partial<Signal> = {}): Signal => ({
  key,
  name: key,
  kind: 'value',
  valueType,
  showInList: true,
  ...extra,
});
const type = (id: string, signals: Signal[]) => ({ id, name: id, signals }) as DeviceTypeInfo;

const sensor = type('th-sensor-sigfox', [
  signal('temperature', 'number', { name: 'Temperature', unit: '°C' }),
  signal('temperature_alarm', 'boolean', { kind: 'alarm' }),
  signal('trigger', 'string', { kind: 'event' }),
  signal('sequence', 'number', { kind: 'debug' }),
]);
const lpp = type('cayenne-lpp', [
  signal('temperature', 'number', { name: 'Temperature', perChannel: true }),
  signal('gps', 'position', { perChannel: true }),
]);
const tracker = type('gps-tracker', [signal('temperature_alarm', 'boolean'), signal('speed', 'number')]);
const types = [sensor, lpp, tracker];

describe('filterSignals', () => {
  it('offers the chosen types’ signals once each, without debug signals and positions', () => {
    expect(filterSignals(types, []).map((one) => `${one.key}${one.perChannel ? '_*' : ''}`)).toEqual([
      'temperature',
      'temperature_alarm',
      'trigger',
      'temperature_*',
      'speed',
    ]);
    expect(filterSignals(types, ['gps-tracker']).map((one) => one.key)).toEqual(['temperature_alarm', 'speed']);
  });
});

describe('conditionSignal', () => {
  it('finds a key’s signal and names a channel’s reading as the device screens do', () => {
    expect(conditionSignal(types, 'temperature')?.name).toBe('Temperature');
    expect(conditionSignal([lpp], 'temperature_3')?.name).toBe('Temperature 3');
    expect(conditionSignal(types, 'humidity')).toBeUndefined();
  });
});

describe('conditionOf', () => {
  const signals = filterSignals(types, []);
  const draft = (change: Partial<ConditionDraft>): ConditionDraft => ({
    signalId: 'temperature',
    channel: '',
    op: 'gt',
    value: '',
    ...change,
  });

  it('reads numbers with a decimal point or comma, flags and trimmed texts', () => {
    expect(conditionOf(draft({ value: ' -2,5 ' }), signals)).toEqual({
      condition: { signal: 'temperature', op: 'gt', value: -2.5 },
    });
    expect(conditionOf(draft({ signalId: 'temperature_alarm', op: 'eq', value: 'false' }), signals)).toEqual({
      condition: { signal: 'temperature_alarm', op: 'eq', value: false },
    });
    expect(conditionOf(draft({ signalId: 'trigger', op: 'neq', value: ' periodic ' }), signals)).toEqual({
      condition: { signal: 'trigger', op: 'neq', value: 'periodic' },
    });
    expect(conditionOf(draft({ signalId: 'temperature_*', channel: '03', value: '8' }), signals)).toEqual({
      condition: { signal: 'temperature_3', op: 'gt', value: 8 },
    });
  });

  it('sends nothing empty or malformed', () => {
    expect(conditionOf(draft({ signalId: '' }), signals)).toEqual({ errors: { signal: 'validation.required' } });
    expect(conditionOf(draft({ value: '  ' }), signals)).toEqual({ errors: { value: 'validation.required' } });
    for (const value of ['8 °C', '0x10', '1e400', '--1', '.']) {
      expect(conditionOf(draft({ value }), signals)).toEqual({ errors: { value: 'devices.signalFilter.notNumber' } });
    }
    expect(conditionOf(draft({ signalId: 'trigger', op: 'gt', value: 'a' }), signals)).toEqual({
      errors: { op: 'validation.invalid' },
    });
    expect(
      conditionOf(draft({ signalId: 'trigger', op: 'eq', value: 'a'.repeat(SIGNAL_CONDITION_TEXT_MAX + 1) }), signals),
    ).toEqual({ errors: { value: messageOf('validation.max_length', { max: SIGNAL_CONDITION_TEXT_MAX }) } });
    expect(conditionOf(draft({ signalId: 'temperature_*', channel: '256', value: '1' }), signals)).toEqual({
      errors: { channel: 'devices.signalFilter.channelRange' },
    });
    expect(conditionOf(draft({ signalId: 'temperature_*', value: '' }), signals)).toEqual({
      errors: { channel: 'validation.required', value: 'validation.required' },
    });
  });
});
