import { AppError } from './app-error.js';

/**
 * Keyset paging hands the caller where the next page starts as an opaque token (base64url JSON of the last row's
 * sort key and id), so the SQL can resume from that row without an offset.
 */
export function encodeCursor(position: readonly [string | number, string]): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/**
 * The position a cursor from `encodeCursor` holds, or none for the first page. The caller sends it back, so it is
 * input like any other: one that does not parse, or whose value `isPosition` refuses, answers 400 on the cursor field.
 */
export function decodeCursor<Position>(
  text: string | undefined,
  isPosition: (value: unknown) => value is Position,
): Position | undefined {
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString());
    if (isPosition(value)) return value;
  } catch {
    // A cursor that does not parse is invalid input, answered below.
  }
  throw new AppError('validation.failed', {}, { cursor: 'validation.invalid' });
}

/** The usual position: a sort key that `isKey` accepts, and the row's id that breaks ties between equal keys. */
export const keyAndId =
  <Key>(isKey: (key: unknown) => key is Key) =>
  (value: unknown): value is [Key, string] =>
    Array.isArray(value) && value.length === 2 && isKey(value[0]) && typeof value[1] === 'string';

/** A position by a text sort key (a name or description), the most common. */
export const textKeyAndId = keyAndId((key): key is string => typeof key === 'string');
