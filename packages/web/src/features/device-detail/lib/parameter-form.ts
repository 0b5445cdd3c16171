import type { ParameterDefinition, ParameterValue } from '@iot/shared';

/** What the form holds per parameter: numbers as typed (so "1." or "" can be shown and refused), flags as they are. */
export type ParameterFormValues = Record<string, string | boolean>;

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
