import {
  checkParameters,
  type DeviceTypeInfo,
  type ParameterDefinition,
  type ParameterError,
  type ParameterProfile,
} from '@iot/shared';

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

/** Why a parameter's value is refused: a message code of the shared check and the values its message names. */
export type ProfileFieldError = Pick<ParameterError, 'code' | 'params'>;

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
): { ok: true; profile: ParameterProfile } | { ok: false; errors: Record<string, ProfileFieldError> } {
  const checked = checkParameters(definitions, values);
  if (checked.ok) return { ok: true, profile: checked.values as ParameterProfile };
  return {
    ok: false,
    errors: Object.fromEntries(checked.errors.map(({ parameter, code, params }) => [parameter, { code, params }])),
  };
}

/** The server's field errors of the profile (`profile.<key>`), by parameter key. */
export function profileServerErrors(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([path]) => path.startsWith('profile.'))
      .map(([path, text]) => [path.slice('profile.'.length), text]),
  );
}
