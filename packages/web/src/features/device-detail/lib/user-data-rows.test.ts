import { messageOf, USER_DATA_LIMITS } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import { checkUserDataRows, sameUserData, userDataRowOf, userDataRows } from './user-data-rows';

describe('user data as edited', () => {
  it('keeps the type of a value left as read and saves a typed one as text', () => {
    const read = userDataRows({ installer: 'Ana', floor: 2, sealed: true, note: null });
    expect(read.map((row) => row.value)).toEqual(['Ana', '2', 'true', '']);
    const rows = [
      ...read.map((row) => (row.name === 'installer' ? { ...row, value: 'Rui' } : row)),
      { ...userDataRowOf(), name: ' room ', value: '12' },
    ];
    expect(checkUserDataRows(rows)).toEqual({
      data: { installer: 'Rui', floor: 2, sealed: true, note: null, room: '12' },
      errors: {},
    });
  });

  it('refuses a missing, long or repeated name and a long value, keyed row.field', () => {
    const rows = [
      { ...userDataRowOf(), name: 'floor', value: '1' },
      { ...userDataRowOf(), name: ' ', value: 'x' },
      { ...userDataRowOf(), name: 'floor ', value: '2' },
      {
        ...userDataRowOf(),
        name: 'n'.repeat(USER_DATA_LIMITS.name + 1),
        value: 'v'.repeat(USER_DATA_LIMITS.value + 1),
      },
    ];
    expect(checkUserDataRows(rows).errors).toEqual({
      '1.name': 'validation.required',
      '2.name': 'device.userData.duplicate',
      '3.name': messageOf('validation.max_length', { max: USER_DATA_LIMITS.name }),
      '3.value': messageOf('validation.max_length', { max: USER_DATA_LIMITS.value }),
    });
  });

  it('tells the same user data whatever the order of its names', () => {
    expect(sameUserData({ a: 1, b: 'x' }, { b: 'x', a: 1 })).toBe(true);
    expect(sameUserData({ a: 1 }, { a: '1' })).toBe(false);
    expect(sameUserData({ a: 1 }, { a: 1, b: null })).toBe(false);
  });
});
