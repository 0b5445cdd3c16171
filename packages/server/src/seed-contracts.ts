import { randomUUID } from 'node:crypto';
import { type ContractStanding, contractState, firstCreditPeriod } from '@iot/shared';
import type { Database } from './db/schema.js';
import { appendContractLog } from './modules/contracts/log.js';
import { createPlansRepo } from './modules/plans/repo.js';

const DAY_MS = 86_400_000;

type Business = { id: string; path: string; description: string };

/**
 * The demo's contracts whole: Acme Water's (made with its plan by the tree's seed) sells credits by the month and is
 * near this month's limit, with a share carved to North region that its admin may limit; Blue Harbour's expires
 * within the month, so its notice shows. Their stored states are what the contract job would compute, so its first
 * run notifies nobody of the seed itself.
 */
export async function insertDemoContracts(
  trx: Database,
  { businesses, adminId, now }: { businesses: Business[]; adminId: string; now: number },
): Promise<void> {
  const named = (description: string) => businesses.find((business) => business.description === description);
  const acme = named('Acme Water');
  const north = named('North region');
  const harbour = named('Blue Harbour Logistics');
  if (!acme || !north || !harbour) return;
  const plans = createPlansRepo(trx);
  const contractOf = async (business: Business) =>
    trx.selectFrom('contracts').select('id').where('businessId', '=', business.id).executeTakeFirstOrThrow();

  const month = firstCreditPeriod('monthly', now - 12 * DAY_MS);
  const water = await contractOf(acme);
  await trx
    .updateTable('contracts')
    .set({
      comment: 'Renewed yearly. SMS and voice alerts for the plants.',
      createdAt: now - 160 * DAY_MS,
      purchasedAt: now - 160 * DAY_MS,
      expiresAt: now + 205 * DAY_MS,
      creditsTotal: 6000,
      creditsSpent: 2480,
      creditsCarved: 600,
      creditPeriodType: 'monthly',
      creditsPerPeriod: 500,
      creditLimitForPeriod: 500,
      periodStart: month?.start ?? null,
      periodEnd: month?.end ?? null,
      spentInPeriod: 462,
      tokenType: 'PLATINUM',
      tokenCapability: JSON.stringify(['G-PPU', 'H-PPU']),
      tokenValidityDays: 365,
      tokenPeriodStart: now - 160 * DAY_MS,
      tokensTotal: 2,
      tokensSpent: 2,
    })
    .where('id', '=', water.id)
    .execute();

  const northId = randomUUID();
  await trx
    .insertInto('contracts')
    .values({
      id: northId,
      businessId: north.id,
      name: 'North region alerts',
      type: 'SHARED',
      comment: 'Credits shared from Water utilities.',
      features: JSON.stringify({ assetSupport: true, poiSupport: true, journeyUnlocked: true, pushNotifSMS: true }),
      createdAt: now - 90 * DAY_MS,
      updatedAt: now - 90 * DAY_MS,
      purchasedAt: now - 90 * DAY_MS,
      expiresAt: now + 205 * DAY_MS,
      inheritableLevels: null,
      stateAt: now,
      creditsTotal: 600,
      creditsSpent: 137,
      creditPeriodType: 'monthly',
      creditsPerPeriod: 100,
      creditLimitForPeriod: 100,
      userChangeable: 1,
      periodStart: month?.start ?? null,
      periodEnd: month?.end ?? null,
      spentInPeriod: 37,
      fromContractId: water.id,
      tokenType: null,
      tokenPeriodStart: null,
    })
    .execute();

  const starter = await contractOf(harbour);
  await trx
    .updateTable('contracts')
    .set({
      createdAt: now - 345 * DAY_MS,
      purchasedAt: now - 345 * DAY_MS,
      expiresAt: now + 20 * DAY_MS,
      creditsTotal: 1000,
      creditsSpent: 120,
      tokenType: 'GOLD',
      tokenCapability: JSON.stringify(['EXTERNAL_ONLY']),
      tokenValidityDays: 365,
      tokenPeriodStart: now - 345 * DAY_MS,
      tokensTotal: 20,
      tokensSpent: 1,
    })
    .where('id', '=', starter.id)
    .execute();

  const logged = [
    { contractId: water.id, business: acme, created: now - 160 * DAY_MS, credits: 6000 },
    { contractId: northId, business: north, created: now - 90 * DAY_MS, credits: 600 },
    { contractId: starter.id, business: harbour, created: now - 345 * DAY_MS, credits: 1000 },
  ];
  await appendContractLog(
    trx,
    logged.flatMap(({ contractId, business, created, credits }) => [
      { contractId, businessId: business.id, event: 'creation', at: created, userId: adminId, amount: credits },
      { contractId, businessId: business.id, event: 'purchase', at: created, userId: adminId, amount: credits },
    ]),
  );
  // A few of this month's alerts, as the actions would have charged them.
  await appendContractLog(
    trx,
    [3, 2, 1].map((daysAgo, index) => ({
      contractId: water.id,
      businessId: acme.id,
      event: 'credit_consumption' as const,
      at: now - daysAgo * DAY_MS,
      userId: null,
      amount: index === 1 ? 2 : 1,
      details: { channel: index === 1 ? 'voice' : 'sms', overUsage: false },
    })),
  );

  for (const [id, business] of [
    [water.id, acme],
    [northId, north],
    [starter.id, harbour],
  ] as const) {
    const row = await trx.selectFrom('contracts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const standing: ContractStanding = {
      ...row,
      tokensInUse: await plans.sigfoxDevicesInReach(
        { path: business.path, depth: business.path.split('/').length - 2 },
        row.inheritableLevels,
      ),
    };
    await trx
      .updateTable('contracts')
      .set({ state: contractState(standing, now), stateAt: now })
      .where('id', '=', id)
      .execute();
  }
  await insertDemoUsageLicenses(trx, { acme, harbour, now });
}

/** Licenses of both tenants; one of Acme's ended, and a device still names it, so the device list flags it. */
async function insertDemoUsageLicenses(
  trx: Database,
  { acme, harbour, now }: { acme: Business; harbour: Business; now: number },
): Promise<void> {
  const year = new Date(now).getUTCFullYear();
  const licenses = [
    {
      business: acme,
      licenseId: `UL-${year}-0001`,
      corporateName: 'Acme Water, S.A.',
      type: 'Annual',
      startsAt: Date.UTC(year, 0, 1),
      endsAt: Date.UTC(year + 1, 0, 1),
      devices: ['Water meter 1', 'Water meter 2', 'Water meter 3', 'Cold room 1'],
    },
    {
      business: acme,
      licenseId: `UL-${year - 1}-0107`,
      corporateName: 'Acme Water, S.A.',
      type: 'Annual',
      startsAt: Date.UTC(year - 1, 0, 1),
      endsAt: now - 40 * DAY_MS,
      devices: ['Water meter 4'],
    },
    {
      business: harbour,
      licenseId: `UL-${year}-0042`,
      corporateName: 'Blue Harbour Logistics, Lda.',
      type: 'Fleet',
      startsAt: Date.UTC(year, 2, 1),
      endsAt: Date.UTC(year + 2, 2, 1),
      devices: ['Van 3'],
    },
  ];
  for (const { business, devices, ...license } of licenses) {
    const id = randomUUID();
    await trx
      .insertInto('usageLicenses')
      .values({
        id,
        businessId: business.id,
        ...license,
        comments: '',
        omieContractId: null,
        omieStartsAt: null,
        omieEndsAt: null,
        createdAt: now,
        updatedAt: now,
        version: 1,
      })
      .execute();
    await trx
      .updateTable('devices')
      .set({ usageLicenseId: id })
      .where('tenantPath', '=', `/${business.path.split('/')[1]}/`)
      .where('description', 'in', devices)
      .execute();
  }
}
