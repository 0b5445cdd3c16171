import { checkParameters, type ParameterDefinition, type ParameterProfile } from '@iot/shared';
import { type ParameterFieldError, parameterFieldErrors } from '@/lib/parameter-definitions';

/** The form's values: number parameters as the text typed (a half-typed value stays as it is), flags as booleans. */
export type ProfileFormValues = Record<string, string | boolean>;

/** The form's starting values: the preset's own, or each parameter's default. */
export function profileFormValues(definitions: readonly ParameterDefinition[], profile: ParameterProfile = {}) {
  const values: ProfileFormValues = {};
  for (const definition of definitions) {
    const value = profile[definition.key] ?? definition.default;
    values[definition.key] = definition.type === 'boolean' ? value === true : String(value);
  }
  return values;
}

/** Whether the form holds values of its own, which a change of device type would replace with the new defaults. */
export function hasEnteredValues(definitions: readonly ParameterDefinition[], values: ProfileFormValues): boolean {
  const defaults = profileFormValues(definitions);
  return definitions.some((definition) => values[definition.key] !== defaults[definition.key]);
}

/**
 * The profile the form's values make, or an error for every parameter at fault at once: the text typed goes through
 * the server's own check (a plain decimal, in range and step, a low threshold below its high one).
 */
export function checkProfileForm(
  definitions: readonly ParameterDefinition[],
  values: ProfileFormValues,
): { ok: true; profile: ParameterProfile } | { ok: false; errors: Record<string, ParameterFieldError> } {
  const checked = checkParameters(definitions, values);
  if (checked.ok) return { ok: true, profile: checked.values as ParameterProfile };
  return { ok: false, errors: parameterFieldErrors(checked.errors) };
}
