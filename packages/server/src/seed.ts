import { randomBytes } from 'node:crypto';
import type { BusinessRole, Language, NotificationCode } from '@iot/shared';
import type { Config } from './config.js';
import type { Database } from './db/schema.js';
import { hashPassword } from './modules/auth/passwords.js';
import { type BusinessesRepo, type BusinessRow, createBusinessesRepo } from './modules/businesses/repo.js';
import { createDevicesRepo } from './modules/devices/repo.js';
import { createNotificationsRepo, type NewNotification } from './modules/notifications/repo.js';
import { type ContractFeatures, createPlansRepo, type PlansRepo } from './modules/plans/repo.js';
import { createUsersRepo } from './modules/users/repo.js';
import { insertDemoAssets } from './seed-assets.js';
import { insertDemoContracts } from './seed-contracts.js';
import { insertDemoDevices, insertDemoPresets } from './seed-devices.js';
import { insertDemoJourneys } from './seed-journeys.js';
import { insertDemoPlaces } from './seed-places.js';

export interface SeedResult {
  admin: { email: string; password: string; generated: boolean };
  demoUsers: { email: string; password: string }[];
}

/** Demo accounts that later demo data (businesses, devices) is attached to. */
const DEMO_USERS: { email: string; firstName: string; lastName: string; language: Language }[] = [
  { email: 'operator@example.com', firstName: 'Olivia', lastName: 'Operator', language: 'en' },
  { email: 'tecnico@example.com', firstName: 'Tiago', lastName: 'Técnico', language: 'pt' },
];

interface DemoNotification {
  code: NotificationCode;
  params: Record<string, string>;
  /** How long before the first start it came: spread out, as a fleet's notifications are. */
  hoursAgo: number;
  read: boolean;
}

/** What an operator finds in the notification list on the first visit, worded in the reader's language. */
const DEMO_NOTIFICATIONS: DemoNotification[] = [
  {
    code: 'notification.alarm_raised',
    params: {
      device: 'Cold room 2',
      signal: 'Temperature',
      signalKey: 'temperature',
      alarm: '1',
      value: '9.1',
      unit: ' °C',
    },
    hoursAgo: 0.6,
    read: false,
  },
  {
    code: 'notification.battery_low',
    params: { device: 'Water meter 5', level: '12' },
    hoursAgo: 5.3,
    read: false,
  },
  {
    code: 'notification.journey_finished',
    params: { journey: 'Porto → Lisbon', vehicle: 'Van 1' },
    hoursAgo: 26.8,
    read: true,
  },
  {
    code: 'notification.contract_expiring',
    params: { contract: 'Fleet tracking 2025', days: '15' },
    hoursAgo: 74.2,
    read: true,
  },
];

/** Provider staff hear about the platform itself. */
const ADMIN_NOTIFICATIONS: DemoNotification[] = [
  {
    code: 'notification.sigfox_tokens',
    params: { percent: '92', type: 'PLATINUM', inUse: '4600', max: '5000' },
    hoursAgo: 1.4,
    read: false,
  },
  {
    code: 'notification.account_confirmed',
    params: { email: 'tecnico@example.com' },
    hoursAgo: 30.5,
    read: true,
  },
];

/** One record close to its limit, so the token warning shows (SPEC section 9), and one with room to spare. */
interface DemoBusiness {
  description: string;
  children?: DemoBusiness[];
  /** Demo users' roles on this node (and, unless a deeper entry says otherwise, on its subtree). */
  roles?: Record<string, BusinessRole>;
  /** A contract on this node: its plan applies to the node's subtree. */
  contract?: { name: string; features: ContractFeatures };
}

/** Two tenants: the demo users work in Acme Water only, so the second one shows that tenants are kept apart. */
const DEMO_BUSINESSES: DemoBusiness[] = [
  {
    description: 'Acme Water',
    roles: { 'operator@example.com': 'admin' },
    // Assets, places and journeys on, so a new user of the demo sees them (the default plan has none of them).
    contract: {
      name: 'Water utilities',
      features: { assetSupport: true, poiSupport: true, journeyUnlocked: true },
    },
    children: [
      {
        description: 'North region',
        roles: { 'tecnico@example.com': 'viewer' },
        children: [
          { description: 'Porto plant', roles: { 'tecnico@example.com': 'admin' } },
          { description: 'Braga plant' },
        ],
      },
      { description: 'South region', children: [{ description: 'Lisbon plant' }] },
    ],
  },
  // A small plan (two levels), so adding a level under Lisbon warehouse shows the plan-limit notice.
  {
    description: 'Blue Harbour Logistics',
    contract: { name: 'Starter', features: { maxHierarchyLevels: 2, maxUsers: 5, customColorAndLogo: false } },
    children: [{ description: 'Lisbon warehouse' }],
  },
];

const HOUR_MS = 60 * 60 * 1000;

function demoNotificationsOf(userId: string, notifications: DemoNotification[], now: number): NewNotification[] {
  return notifications.map(({ code, params, hoursAgo, read }) => {
    const createdAt = Math.round(now - hoursAgo * HOUR_MS);
    return {
      userId,
      title: '',
      body: '',
      code,
      params: JSON.stringify(params),
      topic: null,
      createdAt,
      readAt: read ? createdAt + HOUR_MS / 4 : null,
    };
  });
}

/** Creates the demo tree depth first, each node with a `created` log entry by the provider-staff user. */
async function insertDemoBusinesses(
  businesses: BusinessesRepo,
  nodes: DemoBusiness[],
  parent: BusinessRow | null,
  context: { adminId: string; userIds: Map<string, string>; now: number; trx: Database; plans: PlansRepo },
): Promise<void> {
  const { adminId, userIds, now, trx, plans } = context;
  for (const node of nodes) {
    const row = await businesses.insert({ description: node.description, status: 0, parent }, now, trx);
    await businesses.insertLog(
      { businessId: row.id, userId: adminId, action: 'created', details: { description: row.description } },
      now,
      trx,
    );
    for (const [email, role] of Object.entries(node.roles ?? {})) {
      const userId = userIds.get(email);
      if (userId) await businesses.setEntry(row.id, userId, role, now, trx);
    }
    if (node.contract) await plans.insert({ businessId: row.id, ...node.contract }, now, trx);
    await insertDemoBusinesses(businesses, node.children ?? [], row, context);
  }
}

const generatePassword = () => randomBytes(12).toString('base64url');

/**
 * On the first start (no users at all) creates the provider-staff account and, unless disabled, the demo accounts
 * with a few notifications each, a small business tree of two tenants, devices of every
 * type across it and assets in the first tenant.
 * Answers what it created, passwords included, so they can be shown once; undefined when the database had users.
 */
export async function seedOnFirstStart(
  db: Database,
  config: Pick<Config, 'adminEmail' | 'adminPassword' | 'seedDemo'>,
): Promise<SeedResult | undefined> {
  const users = createUsersRepo(db);
  const notifications = createNotificationsRepo(db);
  const businesses = createBusinessesRepo(db);
  const plans = createPlansRepo(db);
  if ((await users.count()) > 0) return undefined;
  const adminPassword = config.adminPassword ?? generatePassword();
  const demoPassword = generatePassword();
  const [adminHash, demoHash] = await Promise.all([hashPassword(adminPassword), hashPassword(demoPassword)]);
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    const admin = await users.insert(
      {
        email: config.adminEmail,
        passwordHash: adminHash,
        role: 'product',
        language: 'en',
        firstName: 'Admin',
        emailConfirmed: true,
      },
      trx,
    );
    const demoUsers = config.seedDemo ? DEMO_USERS : [];
    if (config.seedDemo && admin) {
      await notifications.insertMany(demoNotificationsOf(admin.id, ADMIN_NOTIFICATIONS, now), trx);
    }
    const userIds = new Map<string, string>();
    for (const demo of demoUsers) {
      const user = await users.insert({ ...demo, passwordHash: demoHash, emailConfirmed: true }, trx);
      if (!user) continue;
      userIds.set(user.email, user.id);
      await notifications.insertMany(demoNotificationsOf(user.id, DEMO_NOTIFICATIONS, now), trx);
    }
    if (config.seedDemo && admin) {
      await insertDemoBusinesses(businesses, DEMO_BUSINESSES, null, { adminId: admin.id, userIds, now, trx, plans });
      const tree = await trx.selectFrom('businesses').select(['id', 'path', 'description']).execute();
      await insertDemoDevices(createDevicesRepo(db), tree, now, trx);
      await insertDemoPresets(tree, now, trx);
      await insertDemoAssets(businesses, tree, { adminId: admin.id, now, trx });
      const places = await insertDemoPlaces(businesses, tree, { adminId: admin.id, now, trx });
      const operatorId = userIds.get('operator@example.com') ?? admin.id;
      await insertDemoJourneys(trx, { businesses: tree, places, userId: operatorId, now });
      await insertDemoContracts(trx, { businesses: tree, adminId: admin.id, now });
    }
    return {
      admin: { email: config.adminEmail, password: adminPassword, generated: !config.adminPassword },
      demoUsers: demoUsers.map(({ email }) => ({ email, password: demoPassword })),
    };
  });
}
