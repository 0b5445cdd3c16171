import { checkParameters, type DeviceTypeInfo, type ParameterDefinition, type ParameterProfile } from '@iot/shared';

const isNumberDefinition = (value: Record<string, unknown>) =>
  (value.type === 'integer' || value.type === 'number') &&
  ['min', 'max', 'step', 'default'].every((field) => typeof value[field] === 'number');

/** The parameter definitions of a device type; the API types them loosely (as records), so each is checked. */
export function parameterDefinitionsOf(deviceType: DeviceTypeInfo): ParameterDefinition[] {
  return deviceType.parameters.filter(
    (value): value is ParameterDefinition & Record<string, unknown> =>
      typeof value.key === 'string' &&
      typeof value.name === 'string' &&
      ((value.type === 'boolean' && typeof value.default === 'boolean') || isNumberDefinition(value)),
  );
}

/** The form's values: number parameters as the text typed (a half-typed value stays as it is), flags as booleans. */
export type ProfileFormValues = Record<string, string | boolean>;

/** Why a parameter's value is refused; `range` says it is off the definition's min, max or step. */
export type ProfileFieldError = 'required' | 'number' | 'range';

/** The form's starting values: the preset's own, or each parameter's default. */
export function profileFormValues(definitions: readonly ParameterDefinition[], profile: ParameterProfile = {}) {
  const values: ProfileFormValues = {};
  for (const definition of definitions) {
    const value = profile[definition.key] ?? definition.default;
    values[definition.key] = definition.type === 'boolean' ? value === true : String(value);
  }
  return values;
}

/** A number as typed, with a decimal comma accepted (Portuguese writes 12,5); NaN when it is not a number. */
function typedNumber(text: string): number {
  const normalised = text.trim().replace(',', '.');
  return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(normalised) ? Number(normalised) : Number.NaN;
}

/**
 * The profile the form's values make, checked with the same rules as the server (range, integer, step), or an error
 * per parameter at fault.
 */
export function checkProfileForm(
  definitions: readonly ParameterDefinition[],
  values: ProfileFormValues,
): { ok: true; profile: ParameterProfile } | { ok: false; errors: Record<string, ProfileFieldError> } {
  const errors: Record<string, ProfileFieldError> = {};
  const input: Record<string, number | boolean> = {};
  for (const definition of definitions) {
    const value = values[definition.key];
    if (definition.type === 'boolean') {
      input[definition.key] = value === true;
      continue;
    }
    const text = typeof value === 'string' ? value : '';
    if (!text.trim()) errors[definition.key] = 'required';
    else if (Number.isNaN(typedNumber(text))) errors[definition.key] = 'number';
    else input[definition.key] = typedNumber(text);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const checked = checkParameters(definitions, input);
  if (checked.ok) return { ok: true, profile: checked.values as ParameterProfile };
  for (const error of checked.errors) errors[error.parameter] = 'range';
  return { ok: false, errors };
}

/** The server's field errors of the profile (`profile.<key>`), by parameter key. */
export function profileServerErrors(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([path]) => path.startsWith('profile.'))
      .map(([path, text]) => [path.slice('profile.'.length), text]),
  );
}
