import { randomUUID } from 'node:crypto';
import { type PlanFeatures, planAllowsAction, type StoredAction, scheduleAllows } from '@iot/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DatabaseHandle } from '../../db/database.js';
import type { Database, DatabaseSchema } from '../../db/schema.js';
import type { AlarmChange } from '../alarms/engine.js';
import { conditionEventIdPrefix } from '../ingest/alarm-conditions.js';
import type { LiveEventEnvelope } from '../ingest/live-events.js';
import { actionEventOf } from './action-event.js';
import { type EffectiveActions, effectiveActions } from './effective-actions.js';
import { startNudgedRunner } from './nudged-runner.js';
import type { ActionsRepo, ConditionEventRow } from './repo.js';

/** The alarms engine (`modules/alarms/engine.ts`), injected so the dispatcher can be tested on its own. */
export interface AlarmEngine {
  /** Applies one edge to the device's alarms inside the dispatcher's transaction; idempotent per edge. */
  applyConditionEvent(trx: Kysely<DatabaseSchema>, event: ConditionEventRow, at: number): Promise<AlarmChange[]>;
  /** The `alarm` live events of changes, read after commit. */
  alarmEventsOf(db: Database, changes: AlarmChange[]): Promise<LiveEventEnvelope[]>;
}

const EVENT_RETENTION_MS = 7 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;

/** The advisory lock key of dispatching (a constant no other module uses): one dispatcher at a time on PostgreSQL. */
const DISPATCH_LOCK_KEY = 7_001;

/** Whether an action follows an edge of `kind` at `at` under the business's plan. */
export function actionApplies(action: StoredAction, kind: 'alarm' | 'value', at: number, plan: PlanFeatures) {
  return (
    action.enabled &&
    action.signalTypes.includes(kind) &&
    scheduleAllows(action.schedule, at) &&
    planAllowsAction(action, plan)
  );
}

/**
 * Design step 2: turns undispatched condition edges (the outbox the ingest pipeline writes) into alarm changes and
 * action jobs. Edges are taken in id order, a batch per transaction; alarms are applied in that same transaction so
 * they follow each edge exactly once and in order, while everything that talks to the outside becomes a durable job.
 */
export function startActionDispatcher(options: {
  database: DatabaseHandle;
  actionsRepo: ActionsRepo;
  planOf: (node: { path: string }, trx: Transaction<DatabaseSchema>) => Promise<{ features: PlanFeatures }>;
  engine: AlarmEngine;
  publish: (envelopes: LiveEventEnvelope[]) => void;
  /** Called after a commit that queued jobs: the worker's nudge. */
  onJobs: () => void;
  log: { error(object: unknown, message: string): void };
  batchSize?: number;
  intervalMs?: number;
  now?: () => number;
}) {
  const { database, actionsRepo, engine, log } = options;
  const { db } = database;
  const now = options.now ?? Date.now;
  const batchSize = options.batchSize ?? 500;

  /** One batch; answers how many edges it dispatched (0: none waiting, or another process holds the lock). */
  async function dispatchBatch(): Promise<number> {
    const outcome = await db.transaction().execute(async (trx) => {
      if (database.kind === 'postgres') {
        const { rows } = await sql<{
          locked: boolean;
        }>`select pg_try_advisory_xact_lock(${DISPATCH_LOCK_KEY}) as locked`.execute(trx);
        if (!rows[0]?.locked) return { count: 0, changes: [], jobs: 0 };
      }
      const events = await actionsRepo.undispatchedEvents(batchSize, trx);
      const at = now();
      const listsByBusiness = new Map<string, EffectiveActions>();
      const plansByBusiness = new Map<string, PlanFeatures>();
      const changes: AlarmChange[] = [];
      const jobs = [];
      for (const row of events) {
        let lists = listsByBusiness.get(row.businessId);
        if (!lists) {
          lists = effectiveActions(await actionsRepo.listsOnPath(row.businessPath, trx));
          listsByBusiness.set(row.businessId, lists);
        }
        let plan = plansByBusiness.get(row.businessId);
        if (!plan) {
          plan = (await options.planOf({ path: row.businessPath }, trx)).features;
          plansByBusiness.set(row.businessId, plan);
        }
        const applying = lists.actions.filter((action) => actionApplies(action, row.kind, at, plan));
        if (applying.some((action) => action.type === 'alarm')) {
          const { businessId: _b, businessPath: _p, deviceDescription: _d, deviceType: _t, ...edge } = row;
          changes.push(...(await engine.applyConditionEvent(trx, edge, at)));
        }
        const event = JSON.stringify(actionEventOf(row));
        for (const action of applying) {
          if (action.type === 'alarm') continue;
          jobs.push({
            id: randomUUID(),
            // The business whose list holds the action (the device's own when the default list applies).
            businessId: lists.owner?.id ?? row.businessId,
            actionId: action.id,
            action: JSON.stringify(action),
            event,
            status: 'pending' as const,
            attempts: 0,
            runAt: at,
            lockedUntil: null,
            lastError: null,
            createdAt: at,
          });
        }
      }
      await actionsRepo.insertJobs(jobs, trx);
      await actionsRepo.markDispatched(
        events.map((event) => event.id),
        at,
        trx,
      );
      return { count: events.length, changes, jobs: jobs.length };
    });
    if (outcome.changes.length > 0) {
      try {
        options.publish(await engine.alarmEventsOf(db, outcome.changes));
      } catch (error) {
        log.error({ err: error }, 'alarm live events not published');
      }
    }
    if (outcome.jobs > 0) options.onJobs();
    return outcome.count;
  }

  /** Dispatches until no edge waits. */
  async function dispatchAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const count = await dispatchBatch();
      total += count;
      if (count < batchSize) return total;
    }
  }

  // Edges another process stored, or that a failed run left, are taken on the next tick; the ingest pipeline nudges
  // after each commit that recorded edges.
  const runner = startNudgedRunner({
    work: dispatchAll,
    intervalMs: options.intervalMs ?? 1_000,
    log,
    failure: 'condition events not dispatched',
  });

  // The outbox is not a log: an edge is kept a week after it was dispatched (the alarm's history keeps what it did).
  const prune = async () => {
    try {
      await actionsRepo.pruneDispatchedEvents(conditionEventIdPrefix(now() - EVENT_RETENTION_MS));
    } catch (error) {
      log.error({ err: error }, 'dispatched condition events not pruned');
    }
  };
  const pruning = setInterval(() => void prune(), PRUNE_EVERY_MS);
  pruning.unref();

  return {
    nudge: runner.nudge,
    dispatchAll,
    prune,
    async close() {
      clearInterval(pruning);
      await runner.close();
    },
  };
}

export type ActionDispatcher = ReturnType<typeof startActionDispatcher>;
