import type { DeviceTypeInfo, ParameterDefinition, ParameterValue } from '@iot/shared';

/** What the form holds per parameter: numbers as typed (so "1." or "" can be shown and refused), flags as they are. */
export type ParameterFormValues = Record<string, string | boolean>;

export type ParameterProblem = 'required' | 'notNumber' | 'outOfRange' | 'offStep';

export type ParameterFormResult =
  | { ok: true; values: Record<string, ParameterValue> }
  | { ok: false; problems: Record<string, ParameterProblem> };

const isNumberDefinition = (entry: Record<string, unknown>) =>
  (entry.type === 'integer' || entry.type === 'number') &&
  typeof entry.min === 'number' &&
  typeof entry.max === 'number' &&
  typeof entry.step === 'number' &&
  typeof entry.default === 'number';

/**
 * The device type's parameter definitions. The API sends them as plain records; one that is not a definition this
 * screen knows how to edit is left out rather than guessed at.
 */
export function parameterDefinitions(deviceType: Pick<DeviceTypeInfo, 'parameters'>): ParameterDefinition[] {
  return deviceType.parameters.filter(
    (entry) =>
      typeof entry.key === 'string' &&
      typeof entry.name === 'string' &&
      (isNumberDefinition(entry) || (entry.type === 'boolean' && typeof entry.default === 'boolean')),
  ) as unknown as ParameterDefinition[];
}

/** The form's starting values: the values last set on the device, the defaults for the others. */
export function initialParameterValues(
  definitions: readonly ParameterDefinition[],
  current: Readonly<Record<string, unknown>>,
): ParameterFormValues {
  return Object.fromEntries(
    definitions.map((definition) => {
      const value = current[definition.key];
      if (definition.type === 'boolean')
        return [definition.key, typeof value === 'boolean' ? value : definition.default];
      return [definition.key, String(typeof value === 'number' ? value : definition.default)];
    }),
  );
}

/** A preset's profile over the form: the preset's values where it has them, what the form held elsewhere. */
export function applyProfile(
  definitions: readonly ParameterDefinition[],
  form: ParameterFormValues,
  profile: Readonly<Record<string, ParameterValue>>,
): ParameterFormValues {
  const next = { ...form };
  for (const definition of definitions) {
    const value = profile[definition.key];
    if (definition.type === 'boolean' && typeof value === 'boolean') next[definition.key] = value;
    if (definition.type !== 'boolean' && typeof value === 'number') next[definition.key] = String(value);
  }
  return next;
}

/** Tolerates the binary rounding of decimal steps (0.3 is a multiple of 0.1), as the device type's own check does. */
const onStep = (value: number, step: number) => Math.abs(value / step - Math.round(value / step)) < 1e-9;

/**
 * The rules of the device type's definitions, checked before anything is sent: a number is required, within its
 * range, whole for an integer and a multiple of its step otherwise. The server checks again with the same rules.
 */
export function checkParameterForm(
  definitions: readonly ParameterDefinition[],
  form: ParameterFormValues,
): ParameterFormResult {
  const values: Record<string, ParameterValue> = {};
  const problems: Record<string, ParameterProblem> = {};
  for (const definition of definitions) {
    const raw = form[definition.key];
    if (definition.type === 'boolean') {
      values[definition.key] = typeof raw === 'boolean' ? raw : definition.default;
      continue;
    }
    const text = typeof raw === 'string' ? raw.trim().replace(',', '.') : '';
    if (text === '') {
      problems[definition.key] = 'required';
      continue;
    }
    const value = Number(text);
    if (!Number.isFinite(value)) problems[definition.key] = 'notNumber';
    else if (value < definition.min || value > definition.max) problems[definition.key] = 'outOfRange';
    else if (!onStep(value, definition.type === 'integer' ? 1 : definition.step)) problems[definition.key] = 'offStep';
    else values[definition.key] = value;
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, values };
}
