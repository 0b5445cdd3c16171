import type { DeviceTypeInfo } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import { checkRules, ruleParts, ruleRowOf, typeRuleSignals } from './alarm-rules';

const signal = (key: string, kind: 'value' | 'alarm' | 'debug', valueType: 'number' | 'boolean', extra = {}) => ({
  key,
  name: key.toUpperCase(),
  kind,
  valueType,
  showInList: true,
  ...extra,
});
const deviceType: DeviceTypeInfo = {
  id: 'type',
  name: 'Type',
  communicationTypes: [],
  signals: [
    signal('temperature', 'value', 'number', { unit: '°C' }),
    signal('counter', 'debug', 'number'),
    signal('fault', 'alarm', 'boolean'),
    signal('analog', 'value', 'number', { perChannel: true }),
  ],
  parameters: [],
  configurable: false,
};

describe('alarm rules', () => {
  it('offers only the numeric value signals a type rule may name', () => {
    expect(typeRuleSignals(deviceType).map((candidate) => candidate.key)).toEqual(['temperature']);
    expect(typeRuleSignals(undefined)).toEqual([]);
  });

  it('turns rows into rules, reading decimal commas, and reports each wrong field', () => {
    const rule = { signal: 'temperature', condition: 'below' as const, threshold: 2.5, hysteresis: 0.5 };
    const good = { ...ruleRowOf(rule), threshold: '2,5' };
    const bad = { ...ruleRowOf(), threshold: 'x', hysteresis: '-1' };
    const checked = checkRules([good, bad]);
    expect(checked.rules).toEqual([rule]);
    expect(Object.keys(checked.errors).sort()).toEqual(['1.hysteresis', '1.signal', '1.threshold']);
    expect(ruleRowOf(rule)).toMatchObject({ threshold: '2.5', hysteresis: '0.5' });
  });

  it('shows a rule with the signal name and unit, and the key of a signal the type lacks', () => {
    const rule = { signal: 'temperature', condition: 'above' as const, threshold: 1234.5, hysteresis: 2 };
    const asNamed = (_key: string, name: string) => name;
    expect(ruleParts(rule, deviceType, 'pt-PT', asNamed)).toEqual({
      signal: 'TEMPERATURE',
      threshold: '1234,5 °C',
      hysteresis: '2',
    });
    expect(ruleParts({ ...rule, signal: 'gone' }, deviceType, 'en', asNamed).signal).toBe('gone');
  });
});
