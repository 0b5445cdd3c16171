import { type DeviceTypeInfo, type ParameterDefinition, type ParameterError, wordedParams } from '@iot/shared';
import type { TFunction } from 'i18next';
import { currentLanguage } from '@/i18n';
import { parameterName } from '@/i18n/codec-names';

const isNumberDefinition = (value: Record<string, unknown>) =>
  (value.type === 'integer' || value.type === 'number') &&
  ['min', 'max', 'step', 'default'].every((field) => typeof value[field] === 'number');

/**
 * The parameter definitions of a device type; the API types them loosely (as records), so each is checked and one
 * that is not a definition the forms know how to edit is left out rather than guessed at.
 */
export function parameterDefinitionsOf(deviceType: Pick<DeviceTypeInfo, 'parameters'>): ParameterDefinition[] {
  return deviceType.parameters.filter(
    (value): value is ParameterDefinition & Record<string, unknown> =>
      typeof value.key === 'string' &&
      typeof value.name === 'string' &&
      ((value.type === 'boolean' && typeof value.default === 'boolean') || isNumberDefinition(value)),
  );
}

/** Why a parameter's value is refused: a message code of the shared check and the values its message names. */
export type ParameterFieldError = Pick<ParameterError, 'code' | 'params'>;

/** The errors of the shared check (`checkParameters`) by parameter key, for each field to show its own. */
export function parameterFieldErrors(errors: readonly ParameterError[]): Record<string, ParameterFieldError> {
  return Object.fromEntries(errors.map(({ parameter, code, params }) => [parameter, { code, params }]));
}

/** The server's field errors of the parameters under `prefix` (`profile.<key>`, `values.<key>`), by parameter key. */
export function parameterServerErrors(fields: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([path]) => path.startsWith(`${prefix}.`))
      .map(([path, text]) => [path.slice(prefix.length + 1), text]),
  );
}

/**
 * The shared check's message for a parameter in the interface's language and number format ("12,5" in Portuguese),
 * the threshold it must stay below named in that language too.
 */
export function parameterErrorText(
  t: TFunction,
  definitions: readonly ParameterDefinition[],
  definition: ParameterDefinition,
  error: ParameterFieldError,
): string {
  const params = wordedParams(currentLanguage(), error.params);
  const below = definition.type === 'boolean' ? undefined : definition.below;
  const other = definitions.find((candidate) => candidate.key === below);
  if (other) params.other = parameterName(t, other.key, other.name);
  return t(error.code, { replace: params });
}
