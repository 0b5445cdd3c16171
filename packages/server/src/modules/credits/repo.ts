import {
  type ContractState,
  type CreditPeriod,
  type CreditPeriodType,
  hasRank,
  idsOnPath,
  type Language,
} from '@iot/shared';
import { type Expression, type SqlBool, sql, type Transaction } from 'kysely';
import type { Database, DatabaseSchema } from '../../db/schema.js';

type Executor = Database | Transaction<DatabaseSchema>;

const DAY_MS = 86_400_000;
/** Period types whose periods roll over by the calendar (custom ones have their own start and end). */
const ROLLING_TYPES: CreditPeriodType[] = ['daily', 'weekly', 'monthly', 'yearly'];

/** A contract with its holder, as credits, tokens and states need it. */
const CONTRACT_COLUMNS = [
  'contracts.id',
  'contracts.name',
  'contracts.businessId',
  'contracts.purchasedAt',
  'contracts.expiresAt',
  'contracts.inheritableLevels',
  'contracts.state',
  'contracts.stateAt',
  'contracts.creditsTotal',
  'contracts.creditsSpent',
  'contracts.creditsCarved',
  'contracts.creditPeriodType',
  'contracts.creditsPerPeriod',
  'contracts.creditLimitForPeriod',
  'contracts.allowOverUsage',
  'contracts.periodStart',
  'contracts.periodEnd',
  'contracts.spentInPeriod',
  'contracts.overUsageInPeriod',
  'contracts.costSms',
  'contracts.costWhatsapp',
  'contracts.costVoice',
  'contracts.costReport',
  'contracts.tokenType',
  'contracts.tokenValidityDays',
  'contracts.tokenPeriodStart',
  'contracts.tokensTotal',
  'contracts.tokensSpent',
  'businesses.path',
  'businesses.depth',
  'businesses.description as businessDescription',
] as const;

/** Bought and not expired at `at`: the contract grants (`contractGrants`), in SQL. */
const granting = (at: number) => sql<SqlBool>`(${sql.ref('contracts.purchasedAt')} is not null
  and (${sql.ref('contracts.expiresAt')} is null or ${sql.ref('contracts.expiresAt')} > ${at}))`;

/** `value` kept within 0 and `cost`. */
const clamp = (value: Expression<number>, cost: number) =>
  sql<number>`case when ${value} < 0 then 0 when ${value} > ${cost} then ${cost} else ${value} end`;

/** Credits, token periods and notification states of contracts. SQL only: the rules are in the service. */
export function createCreditsRepo(db: Database) {
  const contracts = (trx: Executor) =>
    trx.selectFrom('contracts').innerJoin('businesses', 'businesses.id', 'contracts.businessId');

  return {
    async contract(id: string, trx: Executor = db) {
      return contracts(trx).select(CONTRACT_COLUMNS).where('contracts.id', '=', id).executeTakeFirst();
    },

    /** Every contract, or those of `ids`. */
    async contracts(ids: string[] | undefined, trx: Executor = db) {
      if (ids?.length === 0) return [];
      let query = contracts(trx).select(CONTRACT_COLUMNS).orderBy('contracts.id');
      if (ids) query = query.where('contracts.id', 'in', ids);
      return query.execute();
    },

    /** Contracts whose credit period is over (or was never set) at `at` and rolls by the calendar. */
    async periodsOver(at: number, trx: Executor = db) {
      return contracts(trx)
        .select(CONTRACT_COLUMNS)
        .where('contracts.creditPeriodType', 'in', ROLLING_TYPES)
        .where((eb) => eb.or([eb('contracts.periodEnd', 'is', null), eb('contracts.periodEnd', '<=', at)]))
        .execute();
    },

    /**
     * Moves the contract to `period` with its limit back to the credits per period, only over the period end read
     * (`previousEnd`): of concurrent roll-overs one applies, the others change nothing. Answers whether it applied.
     */
    async rollPeriod(id: string, previousEnd: number | null, period: CreditPeriod, trx: Executor = db) {
      const result = await trx
        .updateTable('contracts')
        .set((eb) => ({
          periodStart: period.start,
          periodEnd: period.end,
          spentInPeriod: 0,
          overUsageInPeriod: 0,
          creditLimitForPeriod: eb.ref('creditsPerPeriod'),
        }))
        .where('id', '=', id)
        .where('periodEnd', previousEnd === null ? 'is' : '=', previousEnd)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Spends `cost` credits in one conditional update: it applies when the contract is not metered (no credits, no
     * period), or the cost fits within the period's limit (when the period applies at `at`) and within the credits
     * left (when it has credits), or over-usage is allowed; the part beyond a limit is added to the period's
     * over-usage. Answers the contract's counts after it (whence the part beyond), or undefined when refused (nothing
     * changed).
     */
    async spend(id: string, cost: number, at: number, trx: Executor = db) {
      const ref = (column: string) => sql.ref(column);
      const periodApplies = sql<SqlBool>`${ref('creditPeriodType')} <> 'disabled' and ${ref('periodStart')} is not null
        and ${ref('periodEnd')} is not null and ${ref('periodStart')} <= ${at} and ${ref('periodEnd')} > ${at}`;
      const beyondPeriod = sql<number>`case when ${periodApplies}
        then ${clamp(sql`${ref('spentInPeriod')} + ${cost} - ${ref('creditLimitForPeriod')}`, cost)} else 0 end`;
      const beyondTotal = sql<number>`case when ${ref('creditsTotal')} > 0
        then ${clamp(sql`${ref('creditsSpent')} + ${ref('creditsCarved')} + ${cost} - ${ref('creditsTotal')}`, cost)}
        else 0 end`;
      const beyond = sql<number>`case when ${beyondPeriod} > ${beyondTotal} then ${beyondPeriod} else ${beyondTotal} end`;
      return trx
        .updateTable('contracts')
        .set((eb) => ({
          creditsSpent: eb('creditsSpent', '+', cost),
          spentInPeriod: eb('spentInPeriod', '+', cost),
          overUsageInPeriod: sql`${ref('overUsageInPeriod')} + ${beyond}`,
        }))
        .where('id', '=', id)
        .where(
          sql<SqlBool>`((${ref('creditsTotal')} = 0 and ${ref('creditPeriodType')} = 'disabled')
            or ${ref('allowOverUsage')} = 1 or ${beyond} = 0)`,
        )
        .returning([
          'creditPeriodType',
          'periodStart',
          'periodEnd',
          'creditLimitForPeriod',
          'spentInPeriod',
          'creditsTotal',
          'creditsSpent',
          'creditsCarved',
        ])
        .executeTakeFirst();
    },

    /**
     * Gives back what a charge spent; the period's counts only while it is still the period charged (`periodStart`).
     */
    async giveBack(
      id: string,
      charge: { amount: number; overUsage: number; periodStart: number | null },
      trx: Executor = db,
    ) {
      await trx
        .updateTable('contracts')
        .set((eb) => ({
          creditsSpent: eb('creditsSpent', '-', charge.amount),
          spentInPeriod: eb
            .case()
            .when('periodStart', charge.periodStart === null ? 'is' : '=', charge.periodStart)
            .then(eb('spentInPeriod', '-', charge.amount))
            .else(eb.ref('spentInPeriod'))
            .end(),
          overUsageInPeriod: eb
            .case()
            .when('periodStart', charge.periodStart === null ? 'is' : '=', charge.periodStart)
            .then(eb('overUsageInPeriod', '-', charge.overUsage))
            .else(eb.ref('overUsageInPeriod'))
            .end(),
        }))
        .where('id', '=', id)
        .execute();
    },

    /** Granting contracts with tokens whose token period is over at `at`. */
    async tokenPeriodsOver(at: number, trx: Executor = db) {
      return contracts(trx)
        .select(CONTRACT_COLUMNS)
        .where('contracts.tokenPeriodStart', 'is not', null)
        .where(granting(at))
        .where(
          sql<SqlBool>`${sql.ref('contracts.tokenPeriodStart')} + ${sql.ref('contracts.tokenValidityDays')} * cast(${DAY_MS} as bigint) <= ${at}`,
        )
        .execute();
    },

    /** Spends `tokens` and moves the token period to `start`, only over the start read. Answers whether it applied. */
    async renewTokenPeriod(id: string, previousStart: number, start: number, tokens: number, trx: Executor = db) {
      const result = await trx
        .updateTable('contracts')
        .set((eb) => ({ tokensSpent: eb('tokensSpent', '+', tokens), tokenPeriodStart: start }))
        .where('id', '=', id)
        .where('tokenPeriodStart', '=', previousStart)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Granting contracts of a token type at `at`: they make up the Sigfox token records. */
    async tokenContracts(at: number, trx: Executor = db) {
      return contracts(trx)
        .select(CONTRACT_COLUMNS)
        .where('contracts.tokenType', 'is not', null)
        .where(granting(at))
        .orderBy('contracts.tokenType')
        .execute();
    },

    /** Stores a new notification state only over the one read. Answers whether it applied. */
    async moveState(id: string, from: ContractState, to: ContractState, at: number, trx: Executor = db) {
      const result = await trx
        .updateTable('contracts')
        .set({ state: to, stateAt: at })
        .where('id', '=', id)
        .where('state', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Users whose deepest entry on `path` (the node and its ancestors) is admin or above, with their language. */
    async adminsOn(path: string, trx: Executor = db) {
      const entries = await trx
        .selectFrom('businessUsers')
        .innerJoin('businesses', 'businesses.id', 'businessUsers.businessId')
        .innerJoin('users', 'users.id', 'businessUsers.userId')
        .select(['users.id', 'users.email', 'users.language', 'businessUsers.role', 'businesses.depth'])
        .where('businessUsers.businessId', 'in', idsOnPath(path))
        .execute();
      const deepest = new Map<string, (typeof entries)[number]>();
      for (const entry of entries) {
        const known = deepest.get(entry.id);
        if (!known || entry.depth > known.depth) deepest.set(entry.id, entry);
      }
      return [...deepest.values()]
        .filter((entry) => hasRank(entry.role, 'admin'))
        .map(({ id, email, language }) => ({ id, email, language: language as Language }));
    },

    async providerStaff(trx: Executor = db) {
      return trx.selectFrom('users').select(['id', 'email', 'language']).where('role', '=', 'product').execute();
    },
  };
}

export type CreditsRepo = ReturnType<typeof createCreditsRepo>;
export type CreditContractRow = NonNullable<Awaited<ReturnType<CreditsRepo['contract']>>>;
