import { type BusinessConfig, DEFAULT_PLAN, DEFAULT_ROLE_VIEWS, VIEW_ROLES } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import { chosenDeviceTab, DEVICE_DETAIL_TABS, visibleDeviceTabs } from './device-tabs';

/** Every role sees every tab, but viewers are given only info and data. */
const viewPermissions: BusinessConfig['viewPermissions'] = VIEW_ROLES.map((role) => ({
  role,
  ...(role === 'viewer' ? { deviceTabs: ['info', 'data'], reports: [] } : DEFAULT_ROLE_VIEWS),
  source: 'default',
  inheritedFrom: null,
}));

/** The tabs of SPEC section 2 but reports, which comes with its capability. */
const BUILT = DEVICE_DETAIL_TABS.filter((tab) => tab !== 'reports');

describe('the tabs of the device screen', () => {
  it('shows provider staff every tab built, whatever the views of the business', () => {
    expect(visibleDeviceTabs({ role: 'product', viewPermissions: undefined, plan: DEFAULT_PLAN })).toEqual(BUILT);
  });

  it('leaves out the reports tab until its capability is built', () => {
    const tabs = visibleDeviceTabs({ role: 'product', viewPermissions: undefined, plan: DEFAULT_PLAN });
    expect(tabs).not.toContain('reports');
  });

  it("follows the views of the caller's role, with the overview and maintenance always there", () => {
    expect(visibleDeviceTabs({ role: 'viewer', viewPermissions, plan: DEFAULT_PLAN })).toEqual([
      'overview',
      'info',
      'data',
      'maintenance',
      'journeys',
    ]);
  });

  it('keeps calibration for admins', () => {
    const user = visibleDeviceTabs({ role: 'user', viewPermissions, plan: DEFAULT_PLAN });
    const admin = visibleDeviceTabs({ role: 'admin', viewPermissions, plan: DEFAULT_PLAN });
    expect(user).not.toContain('calibration');
    expect(admin).toEqual(BUILT);
  });

  it('hides alarms and journeys where the plan lacks them, for provider staff too', () => {
    const plan = { ...DEFAULT_PLAN, alarmSupport: false, journeyVisible: false };
    const tabs = visibleDeviceTabs({ role: 'product', viewPermissions, plan });
    expect(tabs).not.toContain('alarms');
    expect(tabs).not.toContain('journeys');
  });

  it('gives a role without views of its own the free-view views', () => {
    const anonymousOnlyInfo = viewPermissions.map((views) =>
      views.role === 'anonymous' ? { ...views, deviceTabs: ['info' as const] } : views,
    );
    expect(visibleDeviceTabs({ role: 'none', viewPermissions: anonymousOnlyInfo, plan: DEFAULT_PLAN })).toEqual([
      'overview',
      'info',
      'maintenance',
    ]);
  });

  it("shows journeys to a role on the device's level where the plan has them, not to free view", () => {
    expect(visibleDeviceTabs({ role: 'viewer', viewPermissions, plan: DEFAULT_PLAN })).toContain('journeys');
    expect(visibleDeviceTabs({ role: 'anonymous', viewPermissions, plan: DEFAULT_PLAN })).not.toContain('journeys');
    const plan = { ...DEFAULT_PLAN, journeyVisible: false };
    expect(visibleDeviceTabs({ role: 'admin', viewPermissions, plan })).not.toContain('journeys');
  });

  it('opens the tab of the URL when it is visible, the overview otherwise', () => {
    const visible = visibleDeviceTabs({ role: 'viewer', viewPermissions, plan: DEFAULT_PLAN });
    expect(chosenDeviceTab('data', visible)).toBe('data');
    expect(chosenDeviceTab('config', visible)).toBe('overview');
    expect(chosenDeviceTab(null, visible)).toBe('overview');
  });
});
