import { describe, expect, it } from 'vitest';
import { RegistrationRequest, SignInRequest } from './auth.js';
import { DeviceFilter } from './devices.js';
import { PeriodOffWork, Phone, Timezone, UpdateProfileRequest } from './user.js';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('account schemas', () => {
  it('normalises the e-mail and reports message codes, not prose', () => {
    expect(SignInRequest.parse({ email: '  Ana@Example.COM ', password: 'x' }).email).toBe('ana@example.com');
    expect(issues(SignInRequest.safeParse({ email: 'ana', password: '' }))).toEqual({
      email: 'validation.email',
      password: 'validation.required',
    });
    expect(issues(SignInRequest.safeParse({}))).toEqual({
      email: 'validation.required',
      password: 'validation.required',
    });
  });

  it('asks for 8 characters and a matching confirmation', () => {
    const base = { email: 'a@example.com', password1: 'abcdefgh', password2: 'abcdefgh' };
    expect(RegistrationRequest.safeParse(base).success).toBe(true);
    expect(issues(RegistrationRequest.safeParse({ ...base, password1: 'abcdefg', password2: 'abcdefg' }))).toEqual({
      password1: 'validation.password_min',
    });
    expect(issues(RegistrationRequest.safeParse({ ...base, password2: 'abcdefgX' }))).toEqual({
      password2: 'validation.password_mismatch',
    });
  });
});

describe('profile schemas', () => {
  it.each([-12, 0, 12])('accepts timezone %d', (value) => expect(Timezone.safeParse(value).success).toBe(true));
  it.each([-13, 13, 1.5, '3'])('refuses timezone %j', (value) =>
    expect(issues(Timezone.safeParse(value))).toEqual({ '': 'validation.timezone' }),
  );

  it('accepts phones of digits and ( ) + - only', () => {
    expect(Phone.safeParse('+351 (21) 123-4567').success).toBe(true);
    expect(issues(Phone.safeParse('123 ext. 4'))).toEqual({ '': 'validation.phone' });
  });

  it('refuses a period off work that ends before it starts', () => {
    expect(PeriodOffWork.safeParse({ from: '2026-08-01', to: '2026-08-01' }).success).toBe(true);
    expect(issues(PeriodOffWork.safeParse({ from: '2026-08-02', to: '2026-08-01' }))).toEqual({
      to: 'validation.date_range',
    });
  });

  it('requires the version the client read', () => {
    expect(issues(UpdateProfileRequest.safeParse({ firstName: 'Ana' }))).toEqual({ version: 'validation.required' });
  });
});

describe('the device filter', () => {
  it('takes a silent window alone, with never seen, or inside a longer seen window', () => {
    for (const filter of [
      { notSeenForHours: 24 },
      { notSeenForHours: 24, neverSeen: true },
      { seenWithinHours: 720, notSeenForHours: 24 },
    ]) {
      expect(DeviceFilter.safeParse(filter).success, JSON.stringify(filter)).toBe(true);
    }
  });

  it('refuses last-seen combinations no device could match, and windows out of bounds', () => {
    expect(issues(DeviceFilter.safeParse({ seenWithinHours: 24, notSeenForHours: 24 }))).toEqual({
      notSeenForHours: 'validation.invalid',
    });
    expect(issues(DeviceFilter.safeParse({ seenWithinHours: 24, notSeenForHours: 168 }))).toEqual({
      notSeenForHours: 'validation.invalid',
    });
    expect(issues(DeviceFilter.safeParse({ seenWithinHours: 24, neverSeen: true }))).toEqual({
      neverSeen: 'validation.invalid',
    });
    expect(issues(DeviceFilter.safeParse({ notSeenForHours: 0 }))).toEqual({ notSeenForHours: 'validation.invalid' });
    expect(issues(DeviceFilter.safeParse({ notSeenForHours: 24 * 366 + 1 }))).toEqual({
      notSeenForHours: 'validation.invalid',
    });
    expect(issues(DeviceFilter.safeParse({ notSeenForHours: 1.5 }))).toEqual({ notSeenForHours: 'validation.invalid' });
  });
});
