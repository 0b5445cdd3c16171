import { DEFAULT_CALL_RECEPTION, type User } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import { profileRequest, profileValues } from './profile-values';

const user: User = {
  id: 'u1',
  email: 'ana@example.com',
  role: 'user',
  profile: { firstName: 'Ana', lastName: 'Silva', language: 'pt' },
  timezone: 1,
  phone: '+351 21 000 0000',
  periodOffWork: null,
  callReception: DEFAULT_CALL_RECEPTION,
  version: 4,
};

describe('profileRequest', () => {
  it('builds the PATCH body with the version the form was loaded from', () => {
    const result = profileRequest(profileValues(user), 4);
    expect(result).toEqual({
      success: true,
      data: {
        version: 4,
        firstName: 'Ana',
        lastName: 'Silva',
        language: 'pt',
        timezone: 1,
        phone: '+351 21 000 0000',
        periodOffWork: null,
        callReception: DEFAULT_CALL_RECEPTION,
      },
    });
  });

  it('reports each invalid field by its path, as a message code', () => {
    const values = {
      ...profileValues(user),
      phone: '21 ext. 4',
      timezone: 13,
      offFrom: '2026-08-10',
      offTo: '2026-08-01',
      callReception: { ...DEFAULT_CALL_RECEPTION, mon: { enabled: true, from: '18:00', to: '09:00' } },
    };
    const result = profileRequest(values, 4);
    expect(result.success).toBe(false);
    expect(!result.success && result.errors).toEqual({
      phone: 'validation.phone',
      timezone: 'validation.timezone',
      'periodOffWork.to': 'validation.date_range',
      'callReception.mon.to': 'validation.invalid',
    });
  });

  it('needs both days of a period off work, or neither', () => {
    const onlyStart = profileRequest({ ...profileValues(user), offFrom: '2026-08-10' }, 4);
    expect(!onlyStart.success && onlyStart.errors).toEqual({ 'periodOffWork.to': 'validation.required' });
    const onlyEnd = profileRequest({ ...profileValues(user), offTo: '2026-08-10' }, 4);
    expect(!onlyEnd.success && onlyEnd.errors).toEqual({ 'periodOffWork.from': 'validation.required' });
    const both = profileRequest({ ...profileValues(user), offFrom: '2026-08-01', offTo: '2026-08-10' }, 4);
    expect(both.success && both.data.periodOffWork).toEqual({ from: '2026-08-01', to: '2026-08-10' });
  });
});
