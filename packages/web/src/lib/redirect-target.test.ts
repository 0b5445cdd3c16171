import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectTarget } from './redirect-target';

const origin = 'https://app.example.com';

describe('safeRedirectTarget', () => {
  it.each([
    ['/devices', '/devices'],
    ['/businesses/7/acme/config?tab=users#top', '/businesses/7/acme/config?tab=users#top'],
    ['/', '/'],
  ])('keeps the site path %s', (value, expected) => {
    expect(safeRedirectTarget(value, origin)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['devices'],
    ['//evil.example.com/path'],
    ['/\\evil.example.com'],
    ['https://evil.example.com/'],
    ['javascript:alert(1)'],
    ['/\t/evil.example.com'],
    ['/login?redirect=/devices'],
    ['/reset-password'],
  ])('sends %s home', (value) => {
    expect(safeRedirectTarget(value, origin)).toBe('/');
  });
});

describe('loginPathFor', () => {
  it('carries the full path to come back to', () => {
    expect(loginPathFor('/devices?view=map')).toBe('/login?redirect=%2Fdevices%3Fview%3Dmap');
    expect(loginPathFor('/')).toBe('/login?redirect=%2F');
  });
});
