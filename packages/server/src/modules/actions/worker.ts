import type { StoredAction } from '@iot/shared';
import type { JobEvent } from './action-event.js';
import { type ActionExecutor, ActionFailure } from './executors.js';
import { startNudgedRunner } from './nudged-runner.js';
import type { ActionJobRow, ActionsRepo } from './repo.js';

const ERROR_TEXT_MAX = 1_000;
const DAY_MS = 24 * 60 * 60_000;
/** Finished jobs are kept this long (the queue is not a log: the action's status keeps how its last run went). */
const DONE_RETENTION_MS = 7 * DAY_MS;
/** Given-up jobs are kept longer, for whoever looks into why a receiver missed something. */
const FAILED_RETENTION_MS = 30 * DAY_MS;
const PRUNE_EVERY_MS = 60 * 60_000;

export interface RetryPolicy {
  maxAttempts: number;
  /** The wait before attempt `attempts + 1`, after `attempts` failed. */
  delayAfter(attempts: number): number;
}

/**
 * Exponential backoff from `baseMs`, except voice calls, which are retried as their action says (SPEC 3 "voice-call
 * retry settings": so many more calls, so many minutes apart).
 */
export function retryPolicyOf(action: StoredAction, defaults: { baseMs: number; maxAttempts: number }): RetryPolicy {
  if (action.type === 'voice') {
    return { maxAttempts: action.voice.retries + 1, delayAfter: () => action.voice.retryIntervalMinutes * 60_000 };
  }
  return { maxAttempts: defaults.maxAttempts, delayAfter: (attempts) => defaults.baseMs * 2 ** (attempts - 1) };
}

/**
 * The durable job queue's runner (design step 4): claims due jobs, runs each through its executor, and records the
 * outcome on the job and in the action's status (its error flag). At least once: a job's lock runs out if its worker
 * dies, and another worker (or this one, restarted) runs it again.
 */
export function startActionWorker(options: {
  actionsRepo: ActionsRepo;
  execute: ActionExecutor;
  log: { error(object: unknown, message: string): void };
  retryBaseMs: number;
  maxAttempts: number;
  /** How long a worker holds a job it runs; longer than any execution (adapters time out well before). */
  lockMs?: number;
  /** How often due jobs (retries) are looked for without a nudge. */
  pollMs?: number;
  batchSize?: number;
  now?: () => number;
}) {
  const { actionsRepo, execute, log } = options;
  const now = options.now ?? Date.now;
  const lockMs = options.lockMs ?? 5 * 60_000;
  const batchSize = options.batchSize ?? 20;
  const defaults = { baseMs: options.retryBaseMs, maxAttempts: options.maxAttempts };

  async function runJob(job: ActionJobRow): Promise<void> {
    const action = JSON.parse(job.action) as StoredAction;
    const event = JSON.parse(job.event) as JobEvent;
    const policy = retryPolicyOf(action, defaults);
    const attempts = job.attempts + 1;
    const at = now();
    try {
      const { notice } = await execute({ action, event, ownerId: job.businessId, at });
      await actionsRepo.finishJob(job.id, { status: 'done', lastError: null });
      await actionsRepo.recordStatus({ actionId: job.actionId, lastRunAt: at, lastError: null, lastNotice: notice });
    } catch (failure) {
      const message = (failure instanceof Error ? failure.message : String(failure)).slice(0, ERROR_TEXT_MAX);
      const delivered = failure instanceof ActionFailure ? failure.delivered : event.delivered;
      const givenUp = attempts >= policy.maxAttempts || (failure instanceof ActionFailure && !failure.retry);
      await actionsRepo.finishJob(job.id, {
        status: givenUp ? 'failed' : 'pending',
        runAt: givenUp ? job.runAt : now() + policy.delayAfter(attempts),
        lastError: message,
        event: JSON.stringify({ ...event, delivered }),
      });
      await actionsRepo.recordStatus({ actionId: job.actionId, lastRunAt: at, lastError: message, lastNotice: null });
    }
  }

  /** Runs every job due now; answers how many ran. */
  async function runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      const at = now();
      const due = await actionsRepo.dueJobs(at, batchSize);
      if (due.length === 0) return ran;
      for (const job of due) {
        if (!(await actionsRepo.claim(job, at, at + lockMs))) continue;
        const policy = retryPolicyOf(JSON.parse(job.action) as StoredAction, defaults);
        if (job.attempts >= policy.maxAttempts) {
          // Its last attempt's worker died: it is given up as a failed attempt would have been.
          await actionsRepo.finishJob(job.id, {
            status: 'failed',
            lastError: job.lastError ?? 'the worker stopped during the last attempt',
          });
          continue;
        }
        await runJob(job);
        ran += 1;
      }
      if (due.length < batchSize) return ran;
    }
  }

  // Due retries are found on the next tick; the dispatcher nudges after each commit that queued jobs.
  const runner = startNudgedRunner({
    work: runDue,
    intervalMs: options.pollMs ?? 1_000,
    log,
    failure: 'action jobs not run',
  });
  const prune = async () => {
    try {
      await actionsRepo.pruneFinished(now() - DONE_RETENTION_MS, now() - FAILED_RETENTION_MS);
    } catch (error) {
      log.error({ err: error }, 'finished action jobs not pruned');
    }
  };
  const pruning = setInterval(() => void prune(), PRUNE_EVERY_MS);
  pruning.unref();

  return {
    nudge: runner.nudge,
    runDue,
    prune,
    /** Stops looking for jobs and waits for the run in progress. */
    async close() {
      clearInterval(pruning);
      await runner.close();
    },
  };
}

export type ActionWorker = ReturnType<typeof startActionWorker>;
