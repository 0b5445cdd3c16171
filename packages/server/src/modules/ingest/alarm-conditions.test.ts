import { describe, expect, it } from 'vitest';
import { conditionEdges, conditionEventIds, ruleKey, watchesOf } from './alarm-conditions.js';

const at = 1_763_900_000_000;
const reading = (signal: string, value: number | boolean, offset = 0) => ({
  signal,
  value,
  date: new Date(at + offset),
});

describe('alarm conditions', () => {
  const above = { signal: 'temperature', condition: 'above' as const, threshold: 30, hysteresis: 2 };
  const config = JSON.stringify({ rules: [above] });

  it('watches the alarm signals of the device type and the configured rules', () => {
    const { bySignal, inhibited } = watchesOf('th-sensor-sigfox', [], config);
    expect(inhibited).toBe(false);
    expect(bySignal.get('temperature')?.map((watch) => watch.key)).toEqual([ruleKey(above)]);
    expect(bySignal.get('temperature_alarm')?.map((watch) => watch.kind)).toEqual(['alarm']);
    expect(bySignal.get('humidity')).toBeUndefined();
  });

  it('a rule goes up beyond its threshold and down only past the hysteresis', () => {
    const up: Record<string, true> = {};
    const values = [29, 31, 29, 28.5, 28, 31];
    const edges = conditionEdges(
      'device',
      watchesOf('th-sensor-sigfox', [], config),
      up,
      values.map((value, index) => reading('temperature', value, index)),
      at,
      conditionEventIds(at),
    );
    expect(edges.map((edge) => [edge.raised, edge.value])).toEqual([
      [1, '31'],
      [0, '28'],
      [1, '31'],
    ]);
    expect(up).toEqual({ [ruleKey(above)]: true });
    expect(edges.map((edge) => edge.id)).toEqual([...edges.map((edge) => edge.id)].sort());
  });

  it('a below rule mirrors it; an alarm signal is up while true', () => {
    const below = { signal: 'humidity', condition: 'below' as const, threshold: 20, hysteresis: 0 };
    const watches = watchesOf('th-sensor-sigfox', [], JSON.stringify({ rules: [below] }));
    const up: Record<string, true> = { sensor_fault: true };
    const edges = conditionEdges(
      'device',
      watches,
      up,
      [reading('humidity', 19), reading('humidity', 20), reading('sensor_fault', false), reading('low_battery', true)],
      at,
      conditionEventIds(at),
    );
    expect(edges.map((edge) => [edge.conditionKey, edge.kind, edge.raised])).toEqual([
      [ruleKey(below), 'value', 1],
      [ruleKey(below), 'value', 0],
      ['sensor_fault', 'alarm', 0],
      ['low_battery', 'alarm', 1],
    ]);
    expect(up).toEqual({ low_battery: true });
  });

  it('an inhibited device follows its conditions without recording edges', () => {
    const up: Record<string, true> = {};
    const watches = watchesOf('th-sensor-sigfox', [], JSON.stringify({ inhibited: true, rules: [above] }));
    const edges = conditionEdges('device', watches, up, [reading('temperature', 40)], at, conditionEventIds(at));
    expect(edges).toEqual([]);
    expect(up).toEqual({ [ruleKey(above)]: true });
  });

  it("watches the type's rules and the device's own, a rule of both once", () => {
    const typeRule = { signal: 'humidity', condition: 'above' as const, threshold: 80, hysteresis: 5 };
    // The same condition as the type's rule, with the device's own hysteresis: one condition, not two.
    const ownCopy = { ...typeRule, hysteresis: 1 };
    const watches = watchesOf('th-sensor-sigfox', [typeRule, above], JSON.stringify({ rules: [above, ownCopy] }));
    expect(watches.bySignal.get('temperature')?.map((watch) => watch.key)).toEqual([ruleKey(above)]);
    expect(watches.bySignal.get('humidity')?.map((watch) => watch.key)).toEqual([ruleKey(typeRule)]);
    const up: Record<string, true> = {};
    const edges = conditionEdges(
      'device',
      watches,
      up,
      [reading('temperature', 35), reading('humidity', 85), reading('humidity', 78.5)],
      at,
      conditionEventIds(at),
    );
    expect(edges.map((edge) => [edge.conditionKey, edge.raised])).toEqual([
      [ruleKey(above), 1],
      [ruleKey(typeRule), 1],
      [ruleKey(typeRule), 0],
    ]);
    expect(up).toEqual({ [ruleKey(above)]: true });
  });

  it("a device without rules of its own still watches its type's", () => {
    const typeRule = { signal: 'temperature', condition: 'below' as const, threshold: 0, hysteresis: 0 };
    const watches = watchesOf('th-sensor-sigfox', [typeRule], '{}');
    const up: Record<string, true> = {};
    const edges = conditionEdges('device', watches, up, [reading('temperature', -1)], at, conditionEventIds(at));
    expect(edges.map((edge) => [edge.conditionKey, edge.kind, edge.raised])).toEqual([[ruleKey(typeRule), 'value', 1]]);
  });

  it('a text value never moves a threshold rule', () => {
    const up: Record<string, true> = {};
    const watches = watchesOf('th-sensor-sigfox', [], config);
    expect(conditionEdges('device', watches, up, [reading('temperature', true)], at, conditionEventIds(at))).toEqual(
      [],
    );
  });
});
