import {
  type BusinessConfig,
  DEVICE_TABS,
  hasRank,
  type PlanFeatures,
  type Role,
  VIEW_ROLES,
  type ViewRole,
} from '@iot/shared';

/** The device tabs of SPEC section 2, in its order. */
export const DEVICE_DETAIL_TABS = [
  'overview',
  'info',
  'data',
  'config',
  'commissioning',
  'maintenance',
  'reports',
  'outputs',
  'users',
  'alarms',
  'journeys',
  'calibration',
] as const;
export type DeviceDetailTab = (typeof DEVICE_DETAIL_TABS)[number];

/** The tabs whose capability is not built yet: they show once it is, rather than as empty promises. */
const LATER_TABS: ReadonlySet<DeviceDetailTab> = new Set(['reports']);

const isViewRole = (role: Role): role is ViewRole => (VIEW_ROLES as readonly Role[]).includes(role);
type PermissionTab = (typeof DEVICE_TABS)[number];
const isPermissionTab = (tab: DeviceDetailTab): tab is PermissionTab =>
  (DEVICE_TABS as readonly string[]).includes(tab);

/**
 * The tabs a caller sees on a device. Provider staff see every tab; anyone else sees, of the tabs a business gives
 * per role (SPEC section 6), those of their role on the device's business (a role without views of its own, free
 * view's), and the overview and maintenance always. Calibration takes an admin. The plan hides alarms and journeys
 * where it lacks them (`alarmSupport`, `journeyVisible`); journeys, a level's own records, take a role on it (not
 * free view). The reports tab waits for its capability.
 */
export function visibleDeviceTabs({
  role,
  viewPermissions,
  plan,
}: {
  role: Role;
  viewPermissions: BusinessConfig['viewPermissions'] | undefined;
  plan: PlanFeatures;
}): DeviceDetailTab[] {
  const viewRole: ViewRole = isViewRole(role) ? role : 'anonymous';
  const allowed = new Set<string>(viewPermissions?.find((views) => views.role === viewRole)?.deviceTabs ?? []);
  return DEVICE_DETAIL_TABS.filter((tab) => {
    if (LATER_TABS.has(tab)) return false;
    if (tab === 'alarms' && !plan.alarmSupport) return false;
    if (tab === 'journeys' && !plan.journeyVisible) return false;
    if (role === 'product') return true;
    if (tab === 'calibration') return hasRank(role, 'admin');
    if (tab === 'journeys') return hasRank(role, 'viewer');
    return isPermissionTab(tab) ? allowed.has(tab) : true;
  });
}

/** The tab named in `?tab=` when the caller may see it, the overview otherwise. */
export function chosenDeviceTab(requested: string | null, visible: readonly DeviceDetailTab[]): DeviceDetailTab {
  return visible.find((tab) => tab === requested) ?? 'overview';
}
