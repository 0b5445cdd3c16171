import { type MessageCode, translate } from '../messages.js';

export type ParameterValue = number | boolean;
export type ParameterValues = Readonly<Record<string, ParameterValue>>;
/** Parameter values as given: a number parameter may come as the text a person typed, checked by `plainDecimal`. */
export type ParameterInput = Readonly<Record<string, ParameterValue | string>>;

export interface NumberParameterDefinition {
  key: string;
  name: string;
  /** `integer` parameters refuse fractions; `number` ones refuse what is not a multiple of `step`. */
  type: 'integer' | 'number';
  unit?: string;
  min: number;
  max: number;
  /** The resolution the device stores (1 for integers): a finer value would be changed silently, so it is refused. */
  step: number;
  default: number;
  /** The key of the parameter this one must stay below: a low threshold under its high one. */
  below?: string;
}

export interface BooleanParameterDefinition {
  key: string;
  name: string;
  type: 'boolean';
  default: boolean;
}

export type ParameterDefinition = NumberParameterDefinition | BooleanParameterDefinition;

/**
 * `code` is a message code of `messages.ts` and `params` the values it names (numbers left for each side to format),
 * so the API and the web app word the error of field `parameter` in their language; `message` is it in English.
 */
export interface ParameterError {
  parameter: string;
  code: MessageCode;
  params: Record<string, string | number>;
  message: string;
}

/**
 * A decimal number as a person types it: digits, an optional minus, a decimal point or comma (Portuguese writes
 * 12,5), spaces around it ignored (a pasted value often brings them). JavaScript would also read `1e1`, `0x10` or
 * `Infinity` as numbers; typed into a parameter they are most likely slips, and the value stored would not be the one
 * the user sees, so they are refused.
 */
const PLAIN_DECIMAL = /^-?\d+([.,]\d+)?$/;

export function isPlainDecimal(text: string): boolean {
  return PLAIN_DECIMAL.test(text.trim());
}

/** The number a plain decimal stands for, or undefined for any other text. */
export function plainDecimal(text: string): number | undefined {
  return isPlainDecimal(text) ? Number(text.trim().replace(',', '.')) : undefined;
}

/** Tolerates the binary rounding of decimal steps: 0.3 is a multiple of 0.1. */
function isMultiple(value: number, step: number): boolean {
  const steps = value / step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}

type Problem = Pick<ParameterError, 'code' | 'params'>;

/** The unit as the messages append it to a number (`{{max}}{{unit}}`): " °C", or nothing. */
const unitOf = (definition: NumberParameterDefinition) => (definition.unit ? ` ${definition.unit}` : '');

/** A value off the definition's range or step: the message says the whole range, and the step of fractions. */
function rangeProblem(definition: NumberParameterDefinition): Problem {
  const { min, max, step } = definition;
  const unit = unitOf(definition);
  return definition.type === 'integer'
    ? { code: 'parameter.integer_range', params: { min, max, unit } }
    : { code: 'parameter.step_range', params: { min, max, step, unit } };
}

function checkedNumber(definition: NumberParameterDefinition, value: unknown): number | Problem {
  if (typeof value === 'string' && value.trim() === '') return { code: 'validation.required', params: {} };
  const number = typeof value === 'string' ? plainDecimal(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return { code: 'parameter.not_decimal', params: {} };
  const fits = definition.type === 'integer' ? Number.isInteger(number) : isMultiple(number, definition.step);
  return fits && number >= definition.min && number <= definition.max ? number : rangeProblem(definition);
}

function checkedValue(definition: ParameterDefinition, value: unknown): ParameterValue | Problem {
  if (value === undefined) return definition.default;
  if (definition.type !== 'boolean') return checkedNumber(definition, value);
  return typeof value === 'boolean' ? value : { code: 'validation.invalid', params: {} };
}

/** The checked values of a device type's parameters, typed from its definitions (declared `as const`). */
export type ParameterValuesOf<Definitions extends readonly ParameterDefinition[]> = {
  [Definition in Definitions[number] as Definition['key']]: Definition['type'] extends 'boolean' ? boolean : number;
};

/**
 * Every parameter with its value or its default, or every error at once, one per parameter at fault: a value that is
 * not a plain decimal, off its range or step, a low threshold not below its high one, a key the type does not have.
 * The API, the codecs before encoding and the web forms all check with this.
 */
export function checkParameters<Definitions extends readonly ParameterDefinition[]>(
  definitions: Definitions,
  input: ParameterInput,
): { ok: true; values: ParameterValuesOf<Definitions> } | { ok: false; errors: ParameterError[] } {
  const values: Record<string, ParameterValue> = {};
  const errors: ParameterError[] = [];
  const refuse = (parameter: string, { code, params }: Problem) =>
    errors.push({ parameter, code, params, message: `${parameter}: ${translate(code, 'en', params)}` });
  for (const definition of definitions) {
    const checked = checkedValue(definition, input[definition.key]);
    if (typeof checked === 'object') refuse(definition.key, checked);
    else values[definition.key] = checked;
  }
  for (const definition of definitions) {
    if (definition.type === 'boolean' || definition.below === undefined) continue;
    const low = values[definition.key];
    const high = values[definition.below];
    const other = definitions.find((candidate) => candidate.key === definition.below);
    if (typeof low === 'number' && typeof high === 'number' && low >= high)
      refuse(definition.key, {
        code: 'parameter.below',
        params: { min: definition.min, max: high, unit: unitOf(definition), other: other?.name ?? definition.below },
      });
  }
  for (const key of Object.keys(input))
    if (!definitions.some((definition) => definition.key === key))
      refuse(key, { code: 'parameter.unknown', params: {} });
  // Built from the same definitions, `values` has exactly these keys and value types when nothing was refused.
  return errors.length === 0 ? { ok: true, values: values as ParameterValuesOf<Definitions> } : { ok: false, errors };
}

/** A number parameter as the integer count of `step` the device stores. */
export function inSteps(value: number, step: number): number {
  return Math.round(value / step);
}
