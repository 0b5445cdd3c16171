import { randomUUID } from 'node:crypto';
import {
  type BusinessLogAction,
  type Contract,
  type ContractListQuery,
  type ContractLogPage,
  type ContractPage,
  type ContractType,
  type CreateContractRequest,
  type CreditPeriodType,
  contractReaches,
  creditsLeft,
  firstCreditPeriod,
  hasRank,
  idsOnPath,
  type LevelContracts,
  type UpdateContractRequest,
} from '@iot/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction, Updateable } from 'kysely';
import type { ContractsTable, Database, DatabaseSchema } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { decodeCursor, encodeCursor, keyAndId, textKeyAndId } from '../../http/page-cursor.js';
import { type BusinessesRepo, isProviderStaff, isReaching, reachTest, scopeOf } from '../businesses/repo.js';
import type { ContractFeatures, PlansRepo } from '../plans/repo.js';
import type { UserRow } from '../users/present.js';
import { appendContractLog } from './log.js';
import { presentContract, presentContractLog, standingOf } from './present.js';
import type { ContractRow, ContractsRepo } from './repo.js';

type Trx = Transaction<DatabaseSchema>;
type Executor = Database | Trx;
type Named = { id: string; description: string };

const DAY_MS = 86_400_000;

/** A contract log page resumes after an instant (epoch ms) and id. */
const logPosition = keyAndId((at): at is number => typeof at === 'number');

const parseInstant = (text: string | null | undefined) =>
  text === null || text === undefined ? null : Date.parse(text);

/** Whether the level at `path` lies strictly below the one at `above`. */
const strictlyBelow = (path: string, above: string) => path !== above && path.startsWith(above);

/** The stored bounds of a contract's credit period: the first one of its type from `at`, or a custom one given whole. */
function creditPeriodOf(type: CreditPeriodType, start: number | null, end: number | null, at: number) {
  if (type === 'custom') {
    if (start === null || end === null || start >= end) throw new AppError('contract.custom_period_required');
    return { periodStart: start, periodEnd: end };
  }
  const first = firstCreditPeriod(type, at);
  return { periodStart: first?.start ?? null, periodEnd: first?.end ?? null };
}

/** A contract's stored features with `changes` over them (absent parts stay). */
function mergedFeatures(json: string, changes: ContractFeatures): string {
  const stored = JSON.parse(json) as ContractFeatures;
  const dataView = { ...stored.dataViewCapabilities, ...changes.dataViewCapabilities };
  return JSON.stringify({
    ...stored,
    ...changes,
    ...(Object.keys(dataView).length > 0 ? { dataViewCapabilities: dataView } : {}),
  });
}

/** What a customer admin may change of a sublevel's contract (SPEC section 3). */
const CUSTOMER_CREDIT_FIELDS = new Set(['limitForPeriod', 'total']);

/**
 * Contracts (SPEC sections 3, 4 and 9): provider staff sell and edit them; customers read those of the levels they
 * reach and those governing their levels, and customer admins change the credit limits of their sublevels' contracts.
 * Credits carved from an ancestor level's contract are taken and given back by single conditional updates, so that
 * concurrent carvings never give more than is left. Every change goes to the contract's log and to its level's
 * activity log; `settleStates` moves the stored notification states of the contracts it touched.
 */
export function createContractsService({
  db,
  contractsRepo,
  businessesRepo,
  plansRepo,
  settleStates,
  log,
  now = Date.now,
}: {
  db: Database;
  contractsRepo: ContractsRepo;
  businessesRepo: BusinessesRepo;
  plansRepo: PlansRepo;
  settleStates?: (contractIds: string[]) => Promise<void>;
  log?: FastifyBaseLogger;
  now?: () => number;
}) {
  const holderOf = (row: ContractRow): Named => ({ id: row.businessId, description: row.businessDescription });

  /**
   * The level a caller sees a contract under, or undefined when they may not read it: its holder when they reach it
   * (provider staff reach all), else the shallowest level they reach that it governs (the holder is above it and its
   * inheritable levels reach down to it), as `plans.get` names it.
   */
  async function namedFor(user: UserRow, row: ContractRow, trx: Executor = db): Promise<Named | undefined> {
    if ((await reachTest(user, trx))(row.businessPath)) return holderOf(row);
    const scope = await scopeOf(user, trx);
    const governed = (scope?.grants ?? [])
      .filter((grant) => isReaching(grant.role) && strictlyBelow(grant.lower, row.businessPath))
      .map((grant) => idsOnPath(grant.lower))
      .filter((ids) => contractReaches(Number(row.businessDepth), row.inheritableLevels, ids.length))
      .sort((a, b) => a.length - b.length)[0];
    const levelId = governed?.at(-1);
    const level = levelId === undefined ? undefined : await businessesRepo.findReachable(user, levelId, trx);
    return level && { id: level.id, description: level.description };
  }

  /** The level a contract governing `node` is named under, as `plans.get` does: its holder if reached, else `node`. */
  async function levelNamed(user: UserRow, row: ContractRow, node: Named): Promise<Named> {
    if ((await reachTest(user, db))(row.businessPath)) return holderOf(row);
    return { id: node.id, description: node.description };
  }

  /** Whether the caller is an admin (or above) of a level strictly above the one at `path`. */
  async function adminAbove(user: UserRow, path: string, trx: Executor): Promise<boolean> {
    const scope = await scopeOf(user, trx);
    if (!scope) return true;
    const ids = idsOnPath(path);
    for (let depth = 1; depth < ids.length; depth++) {
      const above = `/${ids.slice(0, depth).join('/')}/`;
      const grant = scope.grants.find((entry) => above.startsWith(entry.lower));
      if (grant && hasRank(grant.role, 'admin')) return true;
    }
    return false;
  }

  async function present(row: ContractRow, named: Named): Promise<Contract> {
    // Only a contract with a token type sells tokens to the Sigfox devices in its reach.
    const inUse =
      row.tokenType === null
        ? 0
        : await plansRepo.sigfoxDevicesInReach(
            { path: row.businessPath, depth: Number(row.businessDepth) },
            row.inheritableLevels,
          );
    return presentContract(row, named, inUse, now());
  }

  /** A contract the caller may read, with the level it is named under; anything else is `not_found`. */
  async function readable(user: UserRow, id: string, trx: Executor = db) {
    const row = await contractsRepo.find(id, trx);
    const named = row && (await namedFor(user, row, trx));
    if (!row || !named) throw new AppError('not_found');
    return { row, named };
  }

  async function get(user: UserRow, id: string): Promise<Contract> {
    const { row, named } = await readable(user, id);
    return present(row, named);
  }

  /** Takes `amount` from `source`'s credits left (gives it back when negative). */
  async function carve(source: ContractRow, amount: number, trx: Trx) {
    if (amount < 0) await contractsRepo.giveBack(source.id, -amount, trx);
    if (amount <= 0 || (await contractsRepo.carve(source.id, amount, trx))) return;
    const fresh = await contractsRepo.find(source.id, trx);
    if (!fresh)
      throw new AppError('contract.from_contract_invalid', {}, { 'credits.fromContractId': 'validation.invalid' });
    throw new AppError('contract.carve_exceeds_left', {
      contract: fresh.name,
      left: Math.max(0, creditsLeft(standingOf(fresh, 0))),
    });
  }

  /** The contract credits may be carved from for a contract of the level at `path`: one of a level above it. */
  async function sourceFor(fromContractId: string, path: string, trx: Trx) {
    const source = await contractsRepo.find(fromContractId, trx);
    if (!source || !strictlyBelow(path, source.businessPath))
      throw new AppError('contract.from_contract_invalid', {}, { 'credits.fromContractId': 'validation.invalid' });
    return source;
  }

  function logActivity(
    trx: Trx,
    user: UserRow,
    row: Pick<ContractRow, 'businessId'>,
    action: BusinessLogAction,
    details: object,
  ) {
    return businessesRepo.insertLog({ businessId: row.businessId, userId: user.id, action, details }, now(), trx);
  }

  /** The stored states move after the change is committed; a failure leaves them to the daily job. */
  async function settle(ids: (string | null)[]) {
    const touched = [...new Set(ids.filter((id): id is string => id !== null))];
    if (!settleStates || touched.length === 0) return;
    try {
      await settleStates(touched);
    } catch (error) {
      log?.error({ err: error, contractIds: touched }, 'contract states not settled: the daily job will');
    }
  }

  /**
   * What a customer admin asks to change, refused field by field: only the period's limit, and the total of a
   * contract carved from one they can read.
   */
  async function assertCustomerChange(user: UserRow, row: ContractRow, request: UpdateContractRequest, trx: Trx) {
    const refuse = (field: string) => {
      throw new AppError('contract.field_not_changeable', {}, { [field]: 'validation.invalid' });
    };
    for (const [field, value] of Object.entries(request))
      if (value !== undefined && field !== 'version' && field !== 'credits') refuse(field);
    for (const [field, value] of Object.entries(request.credits ?? {}))
      if (value !== undefined && !CUSTOMER_CREDIT_FIELDS.has(field)) refuse(`credits.${field}`);
    if (request.credits?.total === undefined) return;
    const source = row.fromContractId ? await contractsRepo.find(row.fromContractId, trx) : undefined;
    if (!source || !(await namedFor(user, source, trx))) refuse('credits.total');
  }

  return {
    /** A page of the contracts of the levels the caller reaches (every one for provider staff), by name. */
    async list(user: UserRow, query: ContractListQuery): Promise<ContractPage> {
      const at = now();
      const rows = await contractsRepo.page(
        user,
        {
          ...(query.search ? { search: query.search } : {}),
          ...(query.businessId ? { businessId: query.businessId } : {}),
          ...(query.type ? { type: query.type } : {}),
          ...(query.state ? { state: query.state } : {}),
          ...(query.expiringWithinDays !== undefined
            ? { expiring: { from: at, to: at + query.expiringWithinDays * DAY_MS } }
            : {}),
        },
        { limit: query.limit, after: decodeCursor(query.cursor, textKeyAndId) },
      );
      const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
      return {
        items: await Promise.all(rows.slice(0, query.limit).map((row) => present(row, holderOf(row)))),
        nextCursor: last ? encodeCursor([last.sortKey, last.id]) : null,
      };
    },

    get,

    /** A readable contract's log, newest first. */
    async logs(
      user: UserRow,
      id: string,
      query: { limit: number; cursor?: string | undefined },
    ): Promise<ContractLogPage> {
      const { row } = await readable(user, id);
      const rows = await contractsRepo.logPage(row.id, {
        limit: query.limit,
        after: decodeCursor(query.cursor, logPosition),
      });
      const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
      return {
        items: rows.slice(0, query.limit).map(presentContractLog),
        nextCursor: last ? encodeCursor([Number(last.at), last.id]) : null,
      };
    },

    /** The contract of `type` governing a level the caller reaches. */
    async byType(user: UserRow, type: ContractType, businessId: string): Promise<Contract> {
      const node = await businessesRepo.findReachable(user, businessId);
      if (!node) throw new AppError('not_found');
      const row = await contractsRepo.governingOfType(type, node.path, now());
      if (!row) throw new AppError('not_found');
      return present(row, await levelNamed(user, row, node));
    },

    /** The contract governing a level the caller reaches (null: the default plan), and those of its subtree. */
    async ofLevel(user: UserRow, businessId: string): Promise<LevelContracts> {
      const node = await businessesRepo.findReachable(user, businessId);
      if (!node) throw new AppError('not_found');
      const nearest = await plansRepo.nearestContract(node.path, now());
      const governing = nearest && (await contractsRepo.find(nearest.contractId));
      const rows = await contractsRepo.inSubtree(user, node.path);
      return {
        governing: governing ? await present(governing, await levelNamed(user, governing, node)) : null,
        items: await Promise.all(rows.map((row) => present(row, holderOf(row)))),
      };
    },

    /** Provider staff: a new contract, its credits carved from an ancestor level's contract when asked. */
    async create(user: UserRow, request: CreateContractRequest): Promise<Contract> {
      if (!isProviderStaff(user)) throw new AppError('forbidden');
      const id = randomUUID();
      const credits = request.credits ?? {};
      const tokens = request.tokens ?? {};
      const fromContractId = credits.fromContractId ?? null;
      await db.transaction().execute(async (trx) => {
        const business = await businessesRepo.findReachable(user, request.businessId, trx);
        if (!business) throw new AppError('not_found');
        const time = now();
        const periodType = credits.periodType ?? 'disabled';
        const period = creditPeriodOf(
          periodType,
          parseInstant(credits.periodStart),
          parseInstant(credits.periodEnd),
          time,
        );
        const total = credits.total ?? 0;
        if (fromContractId) await carve(await sourceFor(fromContractId, business.path, trx), total, trx);
        const perPeriod = credits.perPeriod ?? 0;
        const tokenType = tokens.type ? tokens.type : null;
        await contractsRepo.insert(
          {
            id,
            businessId: business.id,
            name: request.name,
            type: request.type,
            comment: request.comment,
            features: JSON.stringify(request.features),
            createdAt: time,
            updatedAt: time,
            expiresAt: parseInstant(request.expiresAt),
            purchasedAt: request.purchased ? time : null,
            inheritableLevels: request.inheritableLevels,
            stateAt: null,
            creditsTotal: total,
            creditPeriodType: periodType,
            creditsPerPeriod: perPeriod,
            creditLimitForPeriod: credits.limitForPeriod ?? perPeriod,
            allowOverUsage: credits.allowOverUsage ? 1 : 0,
            userChangeable: credits.userChangeable ? 1 : 0,
            ...period,
            ...(credits.costs
              ? {
                  costSms: credits.costs.sms,
                  costWhatsapp: credits.costs.whatsapp,
                  costVoice: credits.costs.voice,
                  costReport: credits.costs.report,
                }
              : {}),
            fromContractId,
            tokenType,
            ...(tokens.capability ? { tokenCapability: JSON.stringify(tokens.capability) } : {}),
            ...(tokens.validityDays !== undefined ? { tokenValidityDays: tokens.validityDays } : {}),
            tokenPeriodStart: tokenType ? time : null,
            tokensTotal: tokens.total ?? 0,
          },
          trx,
        );
        await appendContractLog(trx, [
          {
            contractId: id,
            businessId: business.id,
            event: 'creation',
            at: time,
            userId: user.id,
            amount: total,
            details: fromContractId ? { fromContractId } : {},
          },
        ]);
        await logActivity(trx, user, { businessId: business.id }, 'contract_created', {
          contractId: id,
          name: request.name,
        });
      });
      await settle([id, fromContractId]);
      return get(user, id);
    },

    /**
     * Edits a contract over the `version` read (409 when stale). Provider staff change anything, a purchase included;
     * a customer admin of a level above the contract's, on a contract marked `userChangeable`, only its credit limits.
     * A carved contract's new total is taken from (or given back to) the contract it was carved from.
     */
    async update(user: UserRow, contractId: string, request: UpdateContractRequest): Promise<Contract> {
      const touched: (string | null)[] = [contractId];
      await db.transaction().execute(async (trx) => {
        const row = await contractsRepo.find(contractId, trx);
        if (!row) throw new AppError('not_found');
        if (!isProviderStaff(user)) {
          if (!(await namedFor(user, row, trx))) throw new AppError('not_found');
          if (!row.userChangeable || !(await adminAbove(user, row.businessPath, trx))) throw new AppError('forbidden');
          await assertCustomerChange(user, row, request, trx);
        }
        const time = now();
        const credits = request.credits ?? {};
        const tokens = request.tokens ?? {};
        const { purchase } = request;
        // A carved contract's credits are its share of its source's: bought there, so what it gives back stays exact.
        const carvedFrom = credits.fromContractId !== undefined ? credits.fromContractId : row.fromContractId;
        if (carvedFrom && (purchase?.credits ?? 0) > 0) throw new AppError('contract.carved_purchase');
        const periodType = credits.periodType ?? (row.creditPeriodType as CreditPeriodType);
        const periodChanged =
          periodType !== row.creditPeriodType ||
          (periodType === 'custom' && (credits.periodStart !== undefined || credits.periodEnd !== undefined));
        const shareTotal = credits.total ?? Number(row.creditsTotal);
        const newTotal = shareTotal + (purchase?.credits ?? 0);
        const tokenType = tokens.type === undefined ? row.tokenType : tokens.type || null;
        const changes: Updateable<ContractsTable> = {
          updatedAt: time,
          ...(request.name !== undefined ? { name: request.name } : {}),
          ...(request.type !== undefined ? { type: request.type } : {}),
          ...(request.comment !== undefined ? { comment: request.comment } : {}),
          ...(request.expiresAt !== undefined ? { expiresAt: parseInstant(request.expiresAt) } : {}),
          ...(request.inheritableLevels !== undefined ? { inheritableLevels: request.inheritableLevels } : {}),
          ...(request.features !== undefined ? { features: mergedFeatures(row.features, request.features) } : {}),
          ...(newTotal !== Number(row.creditsTotal) ? { creditsTotal: newTotal } : {}),
          ...(credits.periodType !== undefined ? { creditPeriodType: credits.periodType } : {}),
          ...(credits.perPeriod !== undefined ? { creditsPerPeriod: credits.perPeriod } : {}),
          ...(credits.limitForPeriod !== undefined ? { creditLimitForPeriod: credits.limitForPeriod } : {}),
          ...(credits.allowOverUsage !== undefined ? { allowOverUsage: credits.allowOverUsage ? 1 : 0 } : {}),
          ...(credits.userChangeable !== undefined ? { userChangeable: credits.userChangeable ? 1 : 0 } : {}),
          ...(credits.costs
            ? {
                costSms: credits.costs.sms,
                costWhatsapp: credits.costs.whatsapp,
                costVoice: credits.costs.voice,
                costReport: credits.costs.report,
              }
            : {}),
          ...(periodChanged
            ? {
                ...creditPeriodOf(
                  periodType,
                  credits.periodStart !== undefined ? parseInstant(credits.periodStart) : row.periodStart,
                  credits.periodEnd !== undefined ? parseInstant(credits.periodEnd) : row.periodEnd,
                  time,
                ),
                // A new period starts with nothing spent in it.
                spentInPeriod: 0,
                overUsageInPeriod: 0,
              }
            : {}),
          ...(credits.fromContractId !== undefined ? { fromContractId: credits.fromContractId } : {}),
          ...(tokens.type !== undefined
            ? { tokenType, tokenPeriodStart: tokenType ? (row.tokenType ? row.tokenPeriodStart : time) : null }
            : {}),
          ...(tokens.capability !== undefined ? { tokenCapability: JSON.stringify(tokens.capability) } : {}),
          ...(tokens.validityDays !== undefined ? { tokenValidityDays: tokens.validityDays } : {}),
          ...(tokens.total !== undefined || purchase
            ? { tokensTotal: (tokens.total ?? Number(row.tokensTotal)) + (purchase?.tokens ?? 0) }
            : {}),
          ...(purchase?.expiresAt !== undefined ? { expiresAt: parseInstant(purchase.expiresAt) } : {}),
          ...(purchase && row.purchasedAt === null ? { purchasedAt: time } : {}),
        };
        if (!(await contractsRepo.updateIfVersion(row.id, request.version, changes, trx))) {
          const fresh = await contractsRepo.find(row.id, trx);
          if (!fresh || Number(fresh.version) !== request.version) throw new AppError('conflict');
          throw new AppError('validation.failed', {}, { 'credits.total': 'validation.invalid' });
        }
        // Read again: the update holds the row, so what it spent can no longer move under the share given back.
        const updated = await contractsRepo.find(row.id, trx);
        const spent = Number(updated?.creditsSpent ?? row.creditsSpent);
        const oldFrom = row.fromContractId;
        const newFrom = credits.fromContractId !== undefined ? credits.fromContractId : oldFrom;
        if (oldFrom && oldFrom === newFrom) {
          const difference = shareTotal - Number(row.creditsTotal);
          // The source was a level above when carved from; a move of the tree since does not undo that.
          const source = difference === 0 ? undefined : await contractsRepo.find(oldFrom, trx);
          if (source) await carve(source, difference, trx);
        } else {
          if (oldFrom) await contractsRepo.giveBack(oldFrom, Math.max(0, Number(row.creditsTotal) - spent), trx);
          if (newFrom)
            await carve(await sourceFor(newFrom, row.businessPath, trx), Math.max(0, shareTotal - spent), trx);
        }
        touched.push(oldFrom, newFrom);
        if (purchase) {
          const expiresAt = purchase.expiresAt !== undefined ? parseInstant(purchase.expiresAt) : undefined;
          await appendContractLog(trx, [
            {
              contractId: row.id,
              businessId: row.businessId,
              event: 'purchase',
              at: time,
              userId: user.id,
              amount: purchase.credits,
              details: {
                tokens: purchase.tokens,
                ...(expiresAt !== undefined
                  ? { expiresAt: expiresAt === null ? 'never' : new Date(expiresAt).toISOString() }
                  : {}),
              },
            },
          ]);
        }
        await logActivity(trx, user, row, 'contract_updated', {
          contractId: row.id,
          name: request.name ?? row.name,
          ...(request.name !== undefined && request.name !== row.name ? { from: row.name } : {}),
        });
      });
      await settle(touched);
      return get(user, contractId);
    },

    /**
     * Provider staff: deletes a contract over the `version` read; one that gave credits to sublevels' contracts is
     * refused until those go. A carved contract gives what it did not spend back to the contract it came from. The
     * log keeps the deletion.
     */
    async delete(user: UserRow, id: string, version: number): Promise<void> {
      let source: string | null = null;
      await db.transaction().execute(async (trx) => {
        const { row } = await readable(user, id, trx);
        if (!isProviderStaff(user)) throw new AppError('forbidden');
        const deleted = await contractsRepo.deleteIfVersion(row.id, version, trx);
        if (!deleted) throw new AppError('conflict');
        // Counted after the delete holds the row: a carving from it that committed first is seen here.
        if ((await contractsRepo.countCarvedFrom(row.id, trx)) > 0) throw new AppError('contract.has_carved');
        source = deleted.fromContractId;
        const unspent = Math.max(0, Number(deleted.creditsTotal) - Number(deleted.creditsSpent));
        if (source) await contractsRepo.giveBack(source, unspent, trx);
        await appendContractLog(trx, [
          {
            contractId: row.id,
            businessId: row.businessId,
            event: 'deletion',
            at: now(),
            userId: user.id,
            amount: source ? unspent : null,
            details: { name: row.name, ...(source ? { fromContractId: source } : {}) },
          },
        ]);
        await logActivity(trx, user, row, 'contract_deleted', { contractId: row.id, name: row.name });
      });
      await settle([source]);
    },
  };
}

export type ContractsService = ReturnType<typeof createContractsService>;
