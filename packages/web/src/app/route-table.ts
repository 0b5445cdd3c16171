import type { PlanFeatures, UserRole } from '@iot/shared';
import type { ComponentType } from 'react';
import { paths } from '@/config/paths';
import type { TranslationKey } from '@/i18n';

/**
 * SPEC section 2. `public`: never forces sign-in and loads nothing first (sign-in, sign-up, e-mail confirmation).
 * `lenient`: never forces sign-in, loads the global keys first. `required`: a visitor without a session goes to
 * `/login?redirect=<full path>`; a signed-in user gets the global keys loaded first.
 */
export type RouteAccess = 'public' | 'lenient' | 'required';

export type ScreenModule = { Component: ComponentType };

export interface AppRoute {
  /** The route's name (SPEC section 2 names where it gives one). */
  name: string;
  path: string;
  /** Further paths of the same screen. */
  aliases?: readonly string[];
  access: RouteAccess;
  /** `card`: the frame of the sign-in pages; `shell`: the app bar and, later, the business-tree side panel. */
  frame: 'card' | 'shell';
  /** The screen's code, loaded on first visit; none yet: the "not available yet" page of that screen. */
  screen?: () => Promise<ScreenModule>;
  title: TranslationKey;
  /** Only users of this role may open it (others see a permission message); the menus hide it from them. */
  role?: UserRole;
  /** The app-bar menu that lists it. */
  menu?: 'main' | 'architecture';
  /** The plan feature the screen needs; the menu hides it when the plan lacks it. */
  feature?: (plan: PlanFeatures) => boolean;
  /** SPEC section 8: a lost session here stays on the page instead of going to sign-in. */
  staysOnLostSession?: boolean;
}

/** What a matched route carries for the shell: its entry of the route table. */
export interface RouteHandle {
  route: AppRoute;
}

export function routeOfHandle(handle: unknown): AppRoute | undefined {
  return (handle as RouteHandle | undefined)?.route;
}

const loginPage = () => import('@/features/auth/pages/login-page').then((m) => ({ Component: m.LoginPage }));
const homePage = () => import('./routes/home').then((m) => ({ Component: m.HomePage }));
// One device list for every device list path of SPEC section 2, scoped by the path's business when it names one.
const deviceListPage = () =>
  import('@/features/devices/pages/device-list-page').then((m) => ({ Component: m.DeviceListPage }));

/** The one route table: every route and alias of SPEC section 2. Unknown paths go to `/`. */
export const routeTable: readonly AppRoute[] = [
  {
    name: 'Login',
    path: paths.login,
    aliases: [paths.resetPassword],
    access: 'public',
    frame: 'card',
    screen: loginPage,
    title: 'login.title',
    staysOnLostSession: true,
  },
  {
    name: 'SignUp',
    path: paths.signUp,
    access: 'public',
    frame: 'card',
    screen: () => import('@/features/auth/pages/sign-up-page').then((m) => ({ Component: m.SignUpPage })),
    title: 'signUp.title',
    staysOnLostSession: true,
  },
  {
    name: 'EmailConfirm',
    path: paths.emailConfirmation,
    aliases: [paths.confirmEmail],
    access: 'public',
    frame: 'card',
    screen: () => import('@/features/auth/pages/confirm-email-page').then((m) => ({ Component: m.ConfirmEmailPage })),
    title: 'confirmEmail.title',
    staysOnLostSession: true,
  },
  {
    name: 'Businesses',
    path: paths.businesses,
    aliases: [paths.home],
    access: 'required',
    frame: 'shell',
    screen: homePage,
    title: 'route.businesses',
    menu: 'main',
  },
  {
    name: 'DeviceStatus',
    path: paths.devices,
    aliases: [paths.groupDevices, paths.deviceAsset],
    access: 'lenient',
    frame: 'shell',
    screen: deviceListPage,
    title: 'route.devices',
    menu: 'main',
  },
  {
    name: 'DeviceDetails',
    path: paths.device,
    aliases: [paths.businessDevice],
    access: 'lenient',
    frame: 'shell',
    screen: () =>
      import('@/features/device-detail/pages/device-detail-page').then((m) => ({ Component: m.DeviceDetailPage })),
    title: 'route.devices',
  },
  {
    name: 'BusinessConfig',
    path: paths.businessConfig,
    access: 'required',
    frame: 'shell',
    screen: () =>
      import('@/features/businesses/pages/business-config-page').then((m) => ({ Component: m.BusinessConfigPage })),
    title: 'route.businessConfig',
  },
  {
    name: 'DeviceStatusByBusiness',
    path: paths.businessDevices,
    aliases: [paths.businessDeviceAsset],
    access: 'lenient',
    frame: 'shell',
    screen: deviceListPage,
    title: 'route.devices',
  },
  {
    name: 'DeviceGroupStatusByBusiness',
    path: paths.businessGroupDevices,
    access: 'lenient',
    frame: 'shell',
    screen: deviceListPage,
    title: 'route.devices',
  },
  {
    name: 'AssetStatus',
    path: paths.businessAsset,
    access: 'lenient',
    frame: 'shell',
    screen: () =>
      import('@/features/asset-status/pages/asset-status-page').then((m) => ({ Component: m.AssetStatusPage })),
    title: 'route.assetStatus',
  },
  {
    // The public asset page comes with API keys and free view (SPEC section 2: no login).
    name: 'PublicAssetStatus',
    path: paths.assetStatus,
    access: 'lenient',
    frame: 'shell',
    title: 'route.assetStatus',
  },
  {
    name: 'Alarms',
    path: paths.alarms,
    access: 'required',
    frame: 'shell',
    screen: () => import('@/features/alarms/pages/alarms-page').then((m) => ({ Component: m.AlarmsPage })),
    title: 'route.alarms',
    menu: 'main',
    feature: (plan) => plan.alarmSupport,
  },
  {
    name: 'Places',
    path: paths.places,
    access: 'required',
    frame: 'shell',
    screen: () => import('@/features/places/pages/places-page').then((m) => ({ Component: m.PlacesPage })),
    title: 'route.places',
    menu: 'main',
    feature: (plan) => plan.poiSupport,
  },
  {
    name: 'Users',
    path: paths.users,
    access: 'required',
    frame: 'shell',
    screen: () => import('@/features/users/pages/users-page').then((m) => ({ Component: m.UsersPage })),
    title: 'route.users',
    role: 'product',
    menu: 'main',
  },
  {
    name: 'ResourceStats',
    path: paths.resourceStats,
    access: 'required',
    frame: 'shell',
    title: 'route.resourceStats',
    menu: 'main',
  },
  {
    name: 'Coverage',
    path: paths.coverage,
    access: 'required',
    frame: 'shell',
    title: 'route.coverage',
    menu: 'main',
  },
  {
    name: 'PdfCheck',
    path: paths.pdfCheck,
    access: 'required',
    frame: 'shell',
    title: 'route.pdfCheck',
    menu: 'main',
  },
  {
    name: 'BeaconScan',
    path: paths.beaconScan,
    access: 'required',
    frame: 'shell',
    title: 'route.beaconScan',
    menu: 'main',
  },
  {
    name: 'Manager',
    path: paths.manager,
    access: 'required',
    frame: 'shell',
    title: 'route.manager',
    menu: 'main',
  },
  {
    name: 'ArchSignals',
    path: paths.archSignals,
    access: 'required',
    frame: 'shell',
    screen: () =>
      import('@/features/architecture/signals/pages/signals-page').then((m) => ({ Component: m.SignalsPage })),
    title: 'route.archSignals',
    role: 'product',
    menu: 'architecture',
  },
  {
    name: 'ArchContracts',
    path: paths.archContracts,
    access: 'required',
    frame: 'shell',
    screen: () => import('@/features/contracts/pages/contracts-page').then((m) => ({ Component: m.ContractsPage })),
    title: 'route.archContracts',
    role: 'product',
    menu: 'architecture',
  },
  {
    name: 'ArchUsageLicenses',
    path: paths.archUsageLicenses,
    access: 'required',
    frame: 'shell',
    screen: () =>
      import('@/features/usage-licenses/pages/usage-licenses-page').then((m) => ({
        Component: m.UsageLicensesPage,
      })),
    title: 'route.archUsageLicenses',
    role: 'product',
    menu: 'architecture',
  },
  {
    name: 'ArchParams',
    path: paths.archParams,
    aliases: [paths.archParam],
    access: 'required',
    frame: 'shell',
    screen: () =>
      import('@/features/architecture/params/pages/presets-page').then((m) => ({ Component: m.PresetsPage })),
    title: 'route.archParams',
    role: 'product',
    menu: 'architecture',
  },
  {
    name: 'ArchDevicesCreation',
    path: paths.archDevicesCreation,
    access: 'required',
    frame: 'shell',
    screen: () =>
      import('@/features/architecture/devices-creation/pages/devices-creation-page').then((m) => ({
        Component: m.DevicesCreationPage,
      })),
    title: 'route.archDevicesCreation',
    role: 'product',
    menu: 'architecture',
  },
  {
    name: 'ArchDeviceTypes',
    path: paths.archDeviceTypes,
    aliases: [paths.archDeviceType],
    access: 'required',
    frame: 'shell',
    screen: () =>
      import('@/features/architecture/device-types/pages/device-types-page').then((m) => ({
        Component: m.DeviceTypesPage,
      })),
    title: 'route.archDeviceTypes',
    role: 'product',
    menu: 'architecture',
  },
  {
    name: 'ArchAssetTypes',
    path: paths.archAssetTypes,
    aliases: [paths.archAssetType],
    access: 'required',
    frame: 'shell',
    screen: () =>
      import('@/features/architecture/asset-types/pages/asset-types-page').then((m) => ({
        Component: m.AssetTypesPage,
      })),
    title: 'route.archAssetTypes',
    role: 'product',
    menu: 'architecture',
  },
  {
    name: 'UserSettings',
    path: paths.userSettings,
    access: 'required',
    frame: 'shell',
    screen: () =>
      import('@/features/user-settings/pages/user-settings-page').then((m) => ({ Component: m.UserSettingsPage })),
    title: 'settings.title',
  },
  {
    name: 'FreeView',
    path: paths.freeView,
    access: 'lenient',
    frame: 'shell',
    title: 'route.freeView',
    staysOnLostSession: true,
  },
  {
    name: 'Error',
    path: paths.error,
    access: 'lenient',
    frame: 'shell',
    screen: () => import('./routes/error-page').then((m) => ({ Component: m.ErrorPage })),
    title: 'errorPage.title',
  },
];

/** Whether a user of `role` may open `route`; provider staff may open everything. */
export function roleAllows(route: Pick<AppRoute, 'role'>, role: UserRole | undefined): boolean {
  return !route.role || role === 'product' || role === route.role;
}

/** The entries of an app-bar menu for a user of `role` on `plan`, in the table's order. */
export function menuRoutes(
  menu: NonNullable<AppRoute['menu']>,
  { role, plan }: { role: UserRole | undefined; plan: PlanFeatures },
  table: readonly AppRoute[] = routeTable,
): AppRoute[] {
  return table.filter(
    (route) => route.menu === menu && roleAllows(route, role) && (!route.feature || route.feature(plan)),
  );
}
