import { DEFAULT_PLAN } from '@iot/shared';
import { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { menuRoutes, roleAllows, routeOfHandle, routeTable } from './route-table';
import { createRoutes } from './router';

const routes = createRoutes({ queryClient: new QueryClient() });

/** The route table entry a URL lands on, and the path pattern that matched. */
function landing(url: string) {
  const matches = matchRoutes(routes, url) ?? [];
  const last = matches.at(-1);
  return { route: routeOfHandle(last?.route.handle), pattern: last?.route.path };
}

// SPEC section 2, row by row: "no login" is the lenient guard (it never forces sign-in).
const SPEC_ROUTES = [
  ['/login', 'public'],
  ['/reset-password', 'public'],
  ['/sign-up', 'public'],
  ['/email-email', 'public'],
  ['/confirm-email', 'public'],
  ['/devices', 'lenient'],
  ['/devices/0b5c9a2e-uuid', 'lenient'],
  ['/group/devices', 'lenient'],
  ['/device-asset', 'lenient'],
  ['/businesses', 'required'],
  ['/', 'required'],
  ['/businesses/42/Acme%20Water/config', 'required'],
  ['/businesses/42/Acme/devices', 'lenient'],
  ['/businesses/42/Acme/devices/0b5c9a2e-uuid', 'lenient'],
  ['/businesses/42/Acme/device-asset', 'lenient'],
  ['/group/businesses/42/Acme/devices', 'lenient'],
  ['/businesses/42/Acme/assets/7/Tank%201', 'lenient'],
  ['/businesses/assets/7/Tank%201', 'lenient'],
  ['/users', 'required'],
  ['/alarms', 'required'],
  ['/arch-signals', 'required'],
  ['/arch-contracts', 'required'],
  ['/arch-usage-licenses', 'required'],
  ['/arch-params', 'required'],
  ['/arch-params/0b5c9a2e-uuid', 'required'],
  ['/arch-devices-creation', 'required'],
  ['/arch-device-types', 'required'],
  ['/arch-device-types/water-meter', 'required'],
  ['/arch-asset-types', 'required'],
  ['/arch-asset-types/3', 'required'],
  ['/resources/resource-stats', 'required'],
  ['/sigfox/coverage', 'required'],
  ['/pdfCheck', 'required'],
  ['/editData', 'required'],
  ['/beacon-scan', 'required'],
  ['/manager', 'required'],
  ['/places', 'required'],
  ['/freeview/device/abc', 'lenient'],
  ['/error/404/Resource%20not%20found.', 'lenient'],
] as const;

describe('the route table', () => {
  it.each(SPEC_ROUTES)('has %s as a %s route', (url, access) => {
    const { route } = landing(url);
    expect(route, url).toBeDefined();
    expect(route?.access).toBe(access);
  });

  it.each([
    ['/', 'Businesses'],
    ['/businesses/assets/7/Tank', 'PublicAssetStatus'],
    ['/businesses/42/Acme/assets/7/Tank', 'AssetStatus'],
    ['/devices', 'DeviceStatus'],
    ['/group/devices', 'DeviceStatus'],
    ['/device-asset', 'DeviceStatus'],
    ['/devices/0b5c9a2e-uuid', 'DeviceDetails'],
    ['/businesses/42/Acme/devices/0b5c9a2e-uuid', 'DeviceDetails'],
    ['/businesses/42/Acme/devices', 'DeviceStatusByBusiness'],
    ['/businesses/42/Acme/device-asset', 'DeviceStatusByBusiness'],
    ['/group/businesses/42/Acme/devices', 'DeviceGroupStatusByBusiness'],
    ['/editData', 'UserSettings'],
    ['/reset-password', 'Login'],
    ['/confirm-email', 'EmailConfirm'],
  ])('serves %s with the %s screen', (url, name) => {
    expect(landing(url).route?.name).toBe(name);
  });

  it('serves the asset screens with their own code, and keeps the public asset page for later', () => {
    for (const url of ['/device-asset', '/businesses/42/Acme/device-asset', '/businesses/42/Acme/assets/7/Tank']) {
      expect(landing(url).route?.screen, url).toBeDefined();
    }
    expect(landing('/businesses/assets/7/Tank').route?.screen).toBeUndefined();
  });

  it('sends unknown paths to the catch-all, which redirects to /', () => {
    for (const url of ['/nothing-here', '/devices/a/b/c', '/api-docs']) {
      expect(landing(url)).toEqual({ route: undefined, pattern: '*' });
    }
  });

  it('keeps every path and alias once, so no two screens fight over a path', () => {
    const all = routeTable.flatMap((route) => [route.path, ...(route.aliases ?? [])]);
    expect(new Set(all).size).toBe(all.length);
  });

  it('shows the sign-in pages in their own frame and every other page in the shell', () => {
    const cardFramed = routeTable.filter((route) => route.frame === 'card').map((route) => route.name);
    expect(cardFramed).toEqual(['Login', 'SignUp', 'EmailConfirm']);
  });

  it('marks the pages where a lost session does not lead to sign-in (SPEC section 8)', () => {
    const staying = routeTable.filter((route) => route.staysOnLostSession).map((route) => route.name);
    expect(staying).toEqual(['Login', 'SignUp', 'EmailConfirm', 'FreeView']);
  });

  it('keeps the users and architecture pages for provider staff', () => {
    for (const url of ['/users', '/arch-signals', '/arch-asset-types/3']) {
      const { route } = landing(url);
      expect(route?.role).toBe('product');
      expect(roleAllows(route ?? {}, 'user')).toBe(false);
      expect(roleAllows(route ?? {}, 'product')).toBe(true);
    }
    expect(roleAllows(landing('/alarms').route ?? {}, 'user')).toBe(true);
  });
});

describe('menuRoutes', () => {
  const names = (routes: { name: string }[]) => routes.map((route) => route.name);

  it('offers customers the main screens their plan has, and provider staff the users page too', () => {
    const customer = names(menuRoutes('main', { role: 'user', plan: DEFAULT_PLAN }));
    expect(customer).toContain('DeviceStatus');
    expect(customer).toContain('Alarms');
    expect(customer).not.toContain('Users');
    expect(customer).not.toContain('Places');
    expect(names(menuRoutes('main', { role: 'product', plan: DEFAULT_PLAN }))).toContain('Users');
  });

  it('follows the plan features', () => {
    const plan = { ...DEFAULT_PLAN, alarmSupport: false, poiSupport: true };
    const entries = names(menuRoutes('main', { role: 'user', plan }));
    expect(entries).not.toContain('Alarms');
    expect(entries).toContain('Places');
  });

  it('lists the architecture pages for provider staff only', () => {
    expect(menuRoutes('architecture', { role: 'user', plan: DEFAULT_PLAN })).toEqual([]);
    expect(names(menuRoutes('architecture', { role: 'product', plan: DEFAULT_PLAN }))).toEqual([
      'ArchSignals',
      'ArchContracts',
      'ArchUsageLicenses',
      'ArchParams',
      'ArchDevicesCreation',
      'ArchDeviceTypes',
      'ArchAssetTypes',
    ]);
  });
});
