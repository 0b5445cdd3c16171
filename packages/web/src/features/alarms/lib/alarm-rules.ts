import { type ALARM_CONDITIONS, AlarmRule, type DeviceTypeInfo, issueMessage } from '@iot/shared';
import { isNumericValueSignal } from '@/features/device-detail/lib/signal-readings';

type SignalInfo = DeviceTypeInfo['signals'][number];

/** A threshold rule as edited: numbers as typed. */
export interface RuleRow {
  id: number;
  signal: string;
  condition: (typeof ALARM_CONDITIONS)[number];
  threshold: string;
  hysteresis: string;
}

let nextRowId = 0;
export const ruleRowOf = (rule?: AlarmRule): RuleRow => ({
  id: nextRowId++,
  signal: rule?.signal ?? '',
  condition: rule?.condition ?? 'above',
  threshold: rule ? String(rule.threshold) : '',
  hysteresis: rule ? String(rule.hysteresis) : '0',
});

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

/** Each row checked with the API's rule schema; errors keyed `row.field`. */
export function checkRules(rows: readonly RuleRow[]) {
  const rules: AlarmRule[] = [];
  const errors: Record<string, string> = {};
  rows.forEach((row, index) => {
    const checked = AlarmRule.safeParse({
      signal: row.signal,
      condition: row.condition,
      threshold: toNumber(row.threshold),
      hysteresis: toNumber(row.hysteresis),
    });
    if (checked.success) rules.push(checked.data);
    else for (const issue of checked.error.issues) errors[`${index}.${String(issue.path[0])}`] ??= issueMessage(issue);
  });
  return { rules, errors };
}

/**
 * The signals a device type's rules may watch: numeric value signals named by their own key (a per-channel signal
 * has a key per channel, which only a device's readings tell).
 */
export const typeRuleSignals = (deviceType: DeviceTypeInfo | undefined) =>
  deviceType?.signals.filter((signal) => isNumericValueSignal(signal) && !signal.perChannel) ?? [];

/** A signal's name (in the interface language: `nameOf`) with its unit, as the rule editors show it. */
export const signalLabel = (
  signal: Pick<SignalInfo, 'key' | 'name' | 'unit'>,
  nameOf: (key: string, name: string) => string,
) => (signal.unit ? `${nameOf(signal.key, signal.name)} (${signal.unit})` : nameOf(signal.key, signal.name));

/** The parts of a rule as read-only text shows them: the signal's name (its key when the type lacks it), numbers. */
export function ruleParts(
  rule: AlarmRule,
  deviceType: DeviceTypeInfo | undefined,
  locale: string,
  nameOf: (key: string, name: string) => string,
) {
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
  const signal = deviceType?.signals.find((candidate) => candidate.key === rule.signal);
  return {
    signal: signal ? nameOf(signal.key, signal.name) : rule.signal,
    threshold: signal?.unit ? `${numbers.format(rule.threshold)} ${signal.unit}` : numbers.format(rule.threshold),
    hysteresis: numbers.format(rule.hysteresis),
  };
}
