import { describe, expect, it } from 'vitest';
import type { DeviceDetailTab } from '../lib/device-tabs';
import { tabsInRow } from './device-tab-bar';

const TABS: DeviceDetailTab[] = ['overview', 'info', 'data', 'config', 'users', 'alarms'];
const WIDTHS = [100, 60, 60, 120, 80, 80];

describe('tabsInRow', () => {
  it('keeps every tab on the row when they all fit, without the More button', () => {
    expect([...tabsInRow(TABS, 'alarms', WIDTHS, 90, 500)]).toEqual(TABS);
  });

  it('moves the last tabs to the menu, in their order, leaving room for the More button', () => {
    // 90 for More: overview, info and data (220) fit in 340, config (120) does not, nor anything after it.
    expect(tabsInRow(TABS, 'overview', WIDTHS, 90, 340)).toEqual(new Set(['overview', 'info', 'data']));
  });

  it('keeps the chosen tab on the row even when it comes late', () => {
    // users (80) and More (90) first: overview (100) and info (60) fit in 340, data does not.
    expect(tabsInRow(TABS, 'users', WIDTHS, 90, 340)).toEqual(new Set(['users', 'overview', 'info']));
  });
});
