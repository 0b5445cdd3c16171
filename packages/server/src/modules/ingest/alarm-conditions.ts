import { randomUUID } from 'node:crypto';
import { type AlarmRule, type DeviceType, findDeviceType, type Reading, type SignalValue } from '@iot/shared';
import type { ConditionEventsTable } from '../../db/schema.js';

/**
 * The alarm conditions of a device, evaluated on each new reading (SPEC sections 4 and 8). A condition is either a
 * signal of kind `alarm` (up while its value is true) or a threshold rule on a value signal (up beyond the threshold,
 * down once back past the threshold by the hysteresis, unchanged in between). Only the edges are recorded, in an
 * outbox the actions' dispatcher reads: raising the alarm and everything else that follows happens there, after the
 * readings are stored, never while they are.
 */

export type ConditionEventRow = Omit<ConditionEventsTable, 'dispatchedAt'>;

interface Watch {
  key: string;
  kind: 'alarm' | 'value';
  /** Up (true), down (false) or, between a rule's threshold and its hysteresis band, as it was (null). */
  test(value: SignalValue): boolean | null;
}

interface StoredAlarmsConfig {
  inhibited?: boolean;
  rules?: AlarmRule[];
}

/** The condition key of a rule; a rule whose threshold is edited is a new condition. */
export const ruleKey = (rule: Pick<AlarmRule, 'signal' | 'condition' | 'threshold'>) =>
  `rule:${rule.signal}:${rule.condition}:${rule.threshold}`;

const isTrue = (value: SignalValue) => value === true || (typeof value === 'number' && value !== 0);

function ruleTest(rule: AlarmRule) {
  return (value: SignalValue) => {
    if (typeof value !== 'number') return null;
    if (rule.condition === 'above') {
      return value > rule.threshold ? true : value <= rule.threshold - rule.hysteresis ? false : null;
    }
    return value < rule.threshold ? true : value >= rule.threshold + rule.hysteresis ? false : null;
  };
}

/** The threshold rules every device of a type has on top of its own, by type id (`device_type_alarms`). */
export type TypeRules = ReadonlyMap<string, readonly AlarmRule[]>;

/**
 * What a device watches, per signal key; parsed once per device and batch. Its rules are its type's (`typeRules`)
 * and its own: a rule of both with the same key is one condition (the device's own hysteresis applies).
 */
export function watchesOf(
  deviceType: string,
  typeRules: readonly AlarmRule[],
  alarmsConfig: string,
): { inhibited: boolean; bySignal: Map<string, Watch[]> } {
  const config = JSON.parse(alarmsConfig) as StoredAlarmsConfig;
  const bySignal = new Map<string, Watch[]>();
  const add = (signal: string, watch: Watch) => bySignal.set(signal, [...(bySignal.get(signal) ?? []), watch]);
  const type: DeviceType | undefined = findDeviceType(deviceType);
  for (const signal of type?.signals ?? []) {
    if (signal.kind === 'alarm') add(signal.key, { key: signal.key, kind: 'alarm', test: isTrue });
  }
  const rules = new Map<string, AlarmRule>();
  for (const rule of [...typeRules, ...(config.rules ?? [])]) rules.set(ruleKey(rule), rule);
  for (const [key, rule] of rules) add(rule.signal, { key, kind: 'value', test: ruleTest(rule) });
  return { inhibited: config.inhibited === true, bySignal };
}

/** The edges of a device's conditions over some readings, in order; `up` is updated to the conditions up after them. */
export function conditionEdges(
  deviceId: string,
  watches: ReturnType<typeof watchesOf>,
  up: Record<string, true>,
  readings: readonly Reading[],
  at: number,
  nextId: () => string,
): ConditionEventRow[] {
  const edges: ConditionEventRow[] = [];
  for (const reading of readings) {
    for (const watch of watches.bySignal.get(reading.signal) ?? []) {
      const now = watch.test(reading.value);
      if (now === null || now === (up[watch.key] === true)) continue;
      if (now) up[watch.key] = true;
      else delete up[watch.key];
      // Inhibited alarms still follow their conditions, so lifting the inhibition raises nothing for a past edge.
      if (watches.inhibited) continue;
      edges.push({
        id: nextId(),
        deviceId,
        conditionKey: watch.key,
        signal: reading.signal,
        kind: watch.kind,
        raised: now ? 1 : 0,
        value: JSON.stringify(reading.value),
        date: reading.date.getTime(),
        createdAt: at,
      });
    }
  }
  return edges;
}

/** The start of the ids of edges recorded at `at`: every edge recorded earlier has a smaller id. */
export const conditionEventIdPrefix = (at: number) => at.toString(36).padStart(9, '0');

/**
 * Ids that sort in the order edges were recorded: the batch time, then the edge's place in the batch, then a random
 * part so that two processes recording in the same millisecond never collide.
 */
export function conditionEventIds(at: number): () => string {
  const prefix = conditionEventIdPrefix(at);
  const suffix = randomUUID().slice(0, 8);
  let index = 0;
  return () => `${prefix}${(index++).toString(36).padStart(5, '0')}${suffix}`;
}
