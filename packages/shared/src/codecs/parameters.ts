import type { MessageCode } from '../messages.js';
import { z } from '../validation.js';

export type ParameterValue = number | boolean;
export type ParameterValues = Readonly<Record<string, ParameterValue>>;

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
}

export interface BooleanParameterDefinition {
  key: string;
  name: string;
  type: 'boolean';
  default: boolean;
}

export type ParameterDefinition = NumberParameterDefinition | BooleanParameterDefinition;

/** `code` is a message code of `messages.ts`, so the API can answer it as the error of field `parameter`. */
export interface ParameterError {
  parameter: string;
  code: MessageCode;
  message: string;
}

/** Tolerates the binary rounding of decimal steps: 0.3 is a multiple of 0.1. */
function isMultiple(value: number, step: number): boolean {
  const steps = value / step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}

function valueSchema(definition: ParameterDefinition): z.ZodType<ParameterValue> {
  if (definition.type === 'boolean') return z.boolean().default(definition.default);
  const { min, max, step } = definition;
  const number =
    definition.type === 'integer' ? z.number().int() : z.number().refine((value) => isMultiple(value, step));
  return number.min(min).max(max).default(definition.default);
}

/**
 * The schema of a device type's parameters: unknown keys refused, missing ones given their default. The API validates
 * a parameterization request with it and the codecs check again before encoding, with the same rules.
 */
export function parametersSchema(definitions: readonly ParameterDefinition[]) {
  return z.strictObject(Object.fromEntries(definitions.map((definition) => [definition.key, valueSchema(definition)])));
}

function expected(definition: ParameterDefinition | undefined): string {
  if (!definition) return 'is not a parameter of this device type';
  if (definition.type === 'boolean') return 'must be true or false';
  const unit = definition.unit ? ` ${definition.unit}` : '';
  const kind = definition.type === 'integer' ? 'an integer' : `a multiple of ${definition.step}`;
  return `must be ${kind} from ${definition.min} to ${definition.max}${unit}`;
}

/** The checked values of a device type's parameters, typed from its definitions (declared `as const`). */
export type ParameterValuesOf<Definitions extends readonly ParameterDefinition[]> = {
  [Definition in Definitions[number] as Definition['key']]: Definition['type'] extends 'boolean' ? boolean : number;
};

/** Every parameter with its value or its default, or one error per parameter that is wrong. */
export function checkParameters<Definitions extends readonly ParameterDefinition[]>(
  definitions: Definitions,
  input: ParameterValues,
): { ok: true; values: ParameterValuesOf<Definitions> } | { ok: false; errors: ParameterError[] } {
  const parsed = parametersSchema(definitions).safeParse(input);
  // The schema is built from the same definitions, so its output has exactly these keys and value types.
  if (parsed.success) return { ok: true, values: parsed.data as ParameterValuesOf<Definitions> };
  const errors = parsed.error.issues.flatMap((issue): ParameterError[] => {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [String(issue.path[0])];
    return keys.map((parameter) => ({
      parameter,
      code: issue.message === 'validation.required' ? 'validation.required' : 'validation.invalid',
      message: `${parameter} ${expected(definitions.find((definition) => definition.key === parameter))}`,
    }));
  });
  // A value can break several rules (out of range and off step); one error per parameter says all it must be.
  const firstPerParameter = errors.filter(
    (error, index) => errors.findIndex((other) => other.parameter === error.parameter) === index,
  );
  return { ok: false, errors: firstPerParameter };
}

/** A number parameter as the integer count of `step` the device stores. */
export function inSteps(value: number, step: number): number {
  return Math.round(value / step);
}
