import { z } from 'zod';
import { isMessageCode, type Message, messageOf } from './messages.js';

/**
 * Zod reports every issue as a message code of `messages.ts`, never as English prose, so the server and the web app
 * translate the same code. A missing value is `validation.required`; anything else without its own code is
 * `validation.invalid`.
 */
z.config({
  customError: (issue) =>
    issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid',
});

export { z };

/**
 * The largest whole number an `integer` column holds: 32 bits on PostgreSQL, which fails on a wider one (SQLite would
 * take it). Times and counters are `bigint` columns and hold any safe integer, `z.int()`'s own range.
 */
export const INTEGER_COLUMN_MAX = 2_147_483_647;

/** A place in a value: its key in its parent's place (none at the top). */
interface Place {
  key: string | number;
  parent: Place | undefined;
}

function pathOf(place: Place | undefined): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at = place; at; at = at.parent) path.push(at.key);
  return path.reverse();
}

/** Reported NUL characters per value at most: enough for a form, and a bound on the work a hostile body causes. */
const NUL_PATHS_MAX = 10;

/**
 * Where a request's value holds a NUL character (U+0000), the first `NUL_PATHS_MAX` places: in a text, or in a key of
 * an object (the object's place).
 */
export function nulPaths(value: unknown): (string | number)[][] {
  const found: (string | number)[][] = [];
  // A loop over a stack, not recursion, and places kept as links: a body nested thousands deep or holding thousands
  // of readings costs neither a deep call stack nor a copied path per value.
  const pending: { value: unknown; place: Place | undefined }[] = [{ value, place: undefined }];
  for (let next = pending.pop(); next && found.length < NUL_PATHS_MAX; next = pending.pop()) {
    const { value, place } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) found.push(pathOf(place));
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        pending.push({ value: item, place: { key: index, parent: place } });
      });
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000') && found.length < NUL_PATHS_MAX) found.push(pathOf(place));
        pending.push({ value: item, place: { key, parent: place } });
      }
    }
  }
  return found;
}

/**
 * `schema`, refusing first any value with a NUL character anywhere (`validation.nul`): PostgreSQL cannot store one in
 * a text and fails on it, so no input may carry one, whatever its schema says of that field.
 */
export function withoutNul<Schema extends z.ZodType>(schema: Schema) {
  return z
    .unknown()
    .superRefine((value, context) => {
      for (const path of nulPaths(value)) context.addIssue({ code: 'custom', message: 'validation.nul', path });
    })
    .pipe(schema);
}

/**
 * The message of a zod issue (or of fastify's copy of one, its fields spread): a text over its length limit names
 * the limit, so the user knows how much to cut; any other issue keeps its code.
 */
export function issueMessage(issue: { code?: string; message: string; origin?: unknown; maximum?: unknown }): Message {
  if (issue.message === 'validation.too_long' && issue.code === 'too_big' && issue.origin === 'string')
    return messageOf('validation.max_length', { max: Number(issue.maximum) });
  return isMessageCode(issue.message) ? issue.message : 'validation.invalid';
}
