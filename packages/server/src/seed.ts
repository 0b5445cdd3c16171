import { randomBytes } from 'node:crypto';
import type { BusinessRole, Language } from '@iot/shared';
import type { Config } from './config.js';
import type { Database } from './db/schema.js';
import { hashPassword } from './modules/auth/passwords.js';
import { type BusinessesRepo, type BusinessRow, createBusinessesRepo } from './modules/businesses/repo.js';
import { createDevicesRepo } from './modules/devices/repo.js';
import { createNotificationsRepo, type NewNotification } from './modules/notifications/repo.js';
import { type ContractFeatures, createPlansRepo, type PlansRepo } from './modules/plans/repo.js';
import { createSigfoxContractsRepo } from './modules/sigfox-contracts/repo.js';
import { createUsersRepo } from './modules/users/repo.js';
import { insertDemoDevices, insertDemoPresets } from './seed-devices.js';

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
  title: string;
  body: string;
  hoursAgo: number;
  read: boolean;
}

/** What an operator finds in the notification list on the first visit, in their language. */
const DEMO_NOTIFICATIONS: Record<Language, DemoNotification[]> = {
  en: [
    {
      title: 'Temperature alarm active',
      body: 'Cold room 2 (Lisbon warehouse) is at 9.4 °C, above its 8 °C limit.',
      hoursAgo: 0.5,
      read: false,
    },
    {
      title: 'Battery low',
      body: 'Tank level sensor 14 has 12% battery left. Plan a battery change.',
      hoursAgo: 5,
      read: false,
    },
    {
      title: 'Journey finished',
      body: 'The journey Porto → Lisbon of truck 32-AB-17 finished at 14:05.',
      hoursAgo: 26,
      read: true,
    },
    {
      title: 'Contract about to expire',
      body: 'The contract "Fleet tracking 2025" expires in 15 days.',
      hoursAgo: 72,
      read: true,
    },
  ],
  pt: [
    {
      title: 'Alarme de temperatura ativo',
      body: 'A câmara frigorífica 2 (armazém de Lisboa) está a 9,4 °C, acima do limite de 8 °C.',
      hoursAgo: 0.5,
      read: false,
    },
    {
      title: 'Bateria fraca',
      body: 'O sensor de nível do depósito 14 tem 12% de bateria. Planeie a troca da bateria.',
      hoursAgo: 5,
      read: false,
    },
    {
      title: 'Viagem terminada',
      body: 'A viagem Porto → Lisboa do camião 32-AB-17 terminou às 14:05.',
      hoursAgo: 26,
      read: true,
    },
    {
      title: 'Contrato prestes a expirar',
      body: 'O contrato "Rastreamento de frota 2025" expira dentro de 15 dias.',
      hoursAgo: 72,
      read: true,
    },
  ],
};

/** Provider staff hear about the platform itself. */
const ADMIN_NOTIFICATIONS: DemoNotification[] = [
  {
    title: 'Sigfox tokens at 92%',
    body: 'The PLATINUM contract has 4600 of its 5000 tokens in use. Buy more before new devices are refused.',
    hoursAgo: 1,
    read: false,
  },
  {
    title: 'New account',
    body: 'tecnico@example.com confirmed their e-mail address and can sign in.',
    hoursAgo: 30,
    read: true,
  },
];

/** One record close to its limit, so the token warning shows (SPEC section 9), and one with room to spare. */
const DEMO_SIGFOX_TOKENS = [
  { type: 'PLATINUM', maxTokens: 5000, tokensInUse: 4600, tokensUsed: 11230 },
  { type: 'GOLD', maxTokens: 2000, tokensInUse: 640, tokensUsed: 1895 },
];

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
  return notifications.map(({ title, body, hoursAgo, read }) => {
    const createdAt = Math.round(now - hoursAgo * HOUR_MS);
    return { userId, title, body, topic: null, createdAt, readAt: read ? createdAt + HOUR_MS / 4 : null };
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
 * with a few notifications each, two Sigfox token records, a small business tree of two tenants and devices of every
 * type across it.
 * Answers what it created, passwords included, so they can be shown once; undefined when the database had users.
 */
export async function seedOnFirstStart(
  db: Database,
  config: Pick<Config, 'adminEmail' | 'adminPassword' | 'seedDemo'>,
): Promise<SeedResult | undefined> {
  const users = createUsersRepo(db);
  const notifications = createNotificationsRepo(db);
  const sigfoxContracts = createSigfoxContractsRepo(db);
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
      for (const { type, ...counts } of DEMO_SIGFOX_TOKENS) await sigfoxContracts.insert(type, counts, now, trx);
    }
    const userIds = new Map<string, string>();
    for (const demo of demoUsers) {
      const user = await users.insert({ ...demo, passwordHash: demoHash, emailConfirmed: true }, trx);
      if (!user) continue;
      userIds.set(user.email, user.id);
      await notifications.insertMany(demoNotificationsOf(user.id, DEMO_NOTIFICATIONS[demo.language], now), trx);
    }
    if (config.seedDemo && admin) {
      await insertDemoBusinesses(businesses, DEMO_BUSINESSES, null, { adminId: admin.id, userIds, now, trx, plans });
      const tree = await trx.selectFrom('businesses').select(['id', 'path', 'description']).execute();
      await insertDemoDevices(createDevicesRepo(db), tree, now, trx);
      await insertDemoPresets(tree, now, trx);
    }
    return {
      admin: { email: config.adminEmail, password: adminPassword, generated: !config.adminPassword },
      demoUsers: demoUsers.map(({ email }) => ({ email, password: demoPassword })),
    };
  });
}
