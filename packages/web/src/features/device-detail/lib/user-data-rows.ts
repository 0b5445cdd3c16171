import { type DeviceUserData, type Message, messageOf, USER_DATA_LIMITS } from '@iot/shared';

export type UserDataValue = DeviceUserData['data'][string];

/** One entry as edited: its name and value as typed, and the value read (so an untouched value keeps its type). */
export interface UserDataRow {
  id: number;
  name: string;
  value: string;
  read?: UserDataValue;
}

/** What is wrong with a field: a shared message (a text too long names its limit), or the web's words for a repeat. */
export type UserDataProblem = Message | 'device.userData.duplicate';

const tooLong = (max: number) => messageOf('validation.max_length', { max });

let nextRowId = 1;

const valueText = (value: UserDataValue | undefined) => (value === null || value === undefined ? '' : String(value));

export const userDataRowOf = (name = '', read?: UserDataValue): UserDataRow => ({
  id: nextRowId++,
  name,
  value: valueText(read),
  read,
});

export const userDataRows = (data: DeviceUserData['data']) =>
  Object.entries(data).map(([name, value]) => userDataRowOf(name, value));

/**
 * The rows as the API takes them, or what is wrong, keyed `row.field`. Names are trimmed and must be distinct. A value
 * left as read keeps its type (a number stays a number); a value typed is saved as text.
 */
export function checkUserDataRows(rows: readonly UserDataRow[]): {
  data: DeviceUserData['data'];
  errors: Record<string, UserDataProblem>;
} {
  const entries = new Map<string, UserDataValue>();
  const errors: Record<string, UserDataProblem> = {};
  rows.forEach((row, index) => {
    const name = row.name.trim();
    if (!name) errors[`${index}.name`] = 'validation.required';
    else if (name.length > USER_DATA_LIMITS.name) errors[`${index}.name`] = tooLong(USER_DATA_LIMITS.name);
    else if (entries.has(name)) errors[`${index}.name`] = 'device.userData.duplicate';
    if (row.value.length > USER_DATA_LIMITS.value) errors[`${index}.value`] = tooLong(USER_DATA_LIMITS.value);
    if (name) entries.set(name, row.read !== undefined && row.value === valueText(row.read) ? row.read : row.value);
  });
  return { data: Object.fromEntries(entries), errors };
}

/** Whether two reads hold the same user data, whatever their versions. */
export function sameUserData(one: DeviceUserData['data'], other: DeviceUserData['data']): boolean {
  const entries = Object.entries(one);
  return (
    entries.length === Object.keys(other).length &&
    entries.every(([name, value]) => Object.hasOwn(other, name) && other[name] === value)
  );
}
