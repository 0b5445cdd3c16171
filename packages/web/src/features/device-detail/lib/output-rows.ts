import { DeviceOutputDefinition, type DeviceOutputs, issueMessage, type Message } from '@iot/shared';

type OutputDefinition = { key: string; name: string };

/** One output as edited: its key and name as typed. */
export interface OutputRow extends OutputDefinition {
  id: number;
}

export type OutputField = keyof OutputDefinition;

let nextRowId = 1;

export const outputRowOf = (key = '', name = ''): OutputRow => ({ id: nextRowId++, key, name });

export const outputRows = (outputs: DeviceOutputs['outputs']) =>
  outputs.map((output) => outputRowOf(output.key, output.name));

/**
 * What is wrong with a field: a shared message (a text too long names its limit), or the web's words for a key that is
 * invalid or repeated.
 */
export type OutputProblem = Message | 'device.outputs.keyInvalid' | 'device.outputs.duplicateKey';

// The schema's `validation.invalid` on a key, told in the words of what a key may hold.
const problemOf = (field: string, message: Message): OutputProblem =>
  field.endsWith('.key') && message === 'validation.invalid' ? 'device.outputs.keyInvalid' : message;

/**
 * The rows as `define` takes them, or what is wrong, keyed `row.field` (message codes): the shared schema's rules for
 * each row, and keys distinct once trimmed. The caller keeps the rows to at most `OUTPUT_LIMITS.outputs`.
 */
export function checkOutputRows(rows: readonly OutputRow[]): {
  define: OutputDefinition[];
  errors: Record<string, OutputProblem>;
} {
  const define: OutputDefinition[] = [];
  const errors: Record<string, OutputProblem> = {};
  const keys = new Set<string>();
  rows.forEach((row, index) => {
    const checked = DeviceOutputDefinition.safeParse({ key: row.key, name: row.name });
    for (const issue of checked.error?.issues ?? []) {
      const field = `${index}.${String(issue.path[0])}`;
      errors[field] ??= problemOf(field, issueMessage(issue));
    }
    const key = row.key.trim();
    if (!errors[`${index}.key`] && keys.has(key)) errors[`${index}.key`] = 'device.outputs.duplicateKey';
    keys.add(key);
    if (checked.success) define.push(checked.data);
  });
  return { define, errors };
}

/** Whether two reads define the same outputs in the same order, whatever their values and versions. */
export const sameOutputDefinitions = (one: DeviceOutputs['outputs'], other: DeviceOutputs['outputs']) =>
  one.length === other.length &&
  one.every((output, index) => output.key === other[index]?.key && output.name === other[index]?.name);
