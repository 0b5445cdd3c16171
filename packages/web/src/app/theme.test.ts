import { describe, expect, it } from 'vitest';
import { vendor } from '@/vendors/dots';
import { vendor as drops } from '@/vendors/drops';
import { theme } from './theme';

describe('the theme', () => {
  it("carries the vendor's primary colour and the alarm colours, typed as theme.palette.alarm", () => {
    expect(theme.palette.primary.main).toBe('#1f3f9f');
    const { ok, latched, active, snoozed } = theme.palette.alarm;
    expect({ ok, latched, active, snoozed }).toEqual({
      ok: '#ffffff',
      latched: '#ffc107',
      active: '#d32f2f',
      snoozed: '#ff9800',
    });
  });

  it('gives every vendor the four alarm colours', () => {
    for (const variant of [vendor, drops]) {
      expect(Object.keys(variant.palette.alarm).sort()).toEqual(['active', 'latched', 'ok', 'snoozed']);
    }
  });
});
