import type { FastifyBaseLogger } from 'fastify';
import type { AuthRepo } from './repo.js';
import { ATTEMPTS_KEPT_MS } from './service.js';

const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * Every few minutes: forgets throttled attempts past every limit's window, also those of accounts and addresses
 * never tried again (an attempt itself only counts, it never deletes).
 */
export function startAttemptsPruning({
  authRepo,
  log,
  now = Date.now,
}: {
  authRepo: AuthRepo;
  log: FastifyBaseLogger;
  now?: () => number;
}) {
  const prune = () => authRepo.pruneAttempts(now() - ATTEMPTS_KEPT_MS);
  const timer = setInterval(() => {
    prune().catch((error: unknown) => log.error({ err: error }, 'old auth attempts not pruned'));
  }, PRUNE_EVERY_MS);
  timer.unref();
  return { prune, stop: () => clearInterval(timer) };
}
