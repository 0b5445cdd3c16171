import type { IntegrationHealth } from '@iot/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { IntegrationsRepo } from './repo.js';

const HOUR_MS = 60 * 60 * 1000;
/** What the health of an integration counts over. */
const WINDOW_MS = 24 * HOUR_MS;
/** How often the counts kept in memory are added to the database's. */
const FLUSH_EVERY_MS = 5_000;
/** An error text longer than this is cut (a network server's log line can be long). */
const ERROR_MAX_CHARS = 500;

export type CallOutcome = 'stored' | 'duplicates' | 'refused' | 'unknownDevices';

interface Tally {
  integrationId: string;
  hour: number;
  stored: number;
  duplicates: number;
  refused: number;
  unknownDevices: number;
}

interface Latest {
  lastCallAt: number | null;
  lastError: string | null;
  lastErrorAt: number | null;
}

/**
 * The health of each integration: its calls counted by outcome per hour, its last call and its last error. Counting is
 * on the ingest path, so it only adds to numbers in memory; they go to the database together every few seconds (one
 * upsert per integration and hour, however many uplinks), and before health is read or the server stops.
 */
export function createIntegrationHealth({
  integrationsRepo,
  log,
  now = Date.now,
}: {
  integrationsRepo: IntegrationsRepo;
  log: FastifyBaseLogger;
  now?: () => number;
}) {
  /** This hour's counts of each integration (by its id), and those of hours that ended since the last write. */
  let tallies = new Map<string, Tally>();
  let endedHours: Tally[] = [];
  let latest = new Map<string, Latest>();
  let forgottenBefore = 0;
  let flushing: Promise<void> = Promise.resolve();

  function latestOf(integrationId: string) {
    let entry = latest.get(integrationId);
    if (!entry) {
      entry = { lastCallAt: null, lastError: null, lastErrorAt: null };
      latest.set(integrationId, entry);
    }
    return entry;
  }

  async function write() {
    const counts = [...endedHours, ...tallies.values()];
    const health = [...latest.entries()].map(([integrationId, entry]) => ({ integrationId, ...entry }));
    tallies = new Map();
    endedHours = [];
    latest = new Map();
    try {
      await integrationsRepo.addCounts(counts);
      await integrationsRepo.setHealth(health);
      const at = now();
      if (at - forgottenBefore > HOUR_MS) {
        forgottenBefore = at;
        await integrationsRepo.forgetCountsBefore(at - WINDOW_MS - HOUR_MS);
      }
    } catch (error) {
      // An integration deleted meanwhile, or the database away for a moment: these counts are lost, not the next.
      log.warn({ err: error }, 'integration health not saved');
    }
  }

  /** One write at a time, each taking what was counted until it starts. */
  function flush() {
    flushing = flushing.then(write);
    return flushing;
  }

  const timer = setInterval(() => {
    if (tallies.size > 0 || latest.size > 0) void flush();
  }, FLUSH_EVERY_MS);
  timer.unref();

  return {
    /** One call of the integration's network, and what became of it (`count` of them for a batch). */
    count(integrationId: string, outcome: CallOutcome, count = 1) {
      const at = now();
      const hour = at - (at % HOUR_MS);
      let tally = tallies.get(integrationId);
      if (tally?.hour !== hour) {
        if (tally) endedHours.push(tally);
        tally = { integrationId, hour, stored: 0, duplicates: 0, refused: 0, unknownDevices: 0 };
        tallies.set(integrationId, tally);
      }
      tally[outcome] += count;
      latestOf(integrationId).lastCallAt = at;
    },

    /** A call that was no uplink (a network server's word on a downlink, its log): only its time is kept. */
    called(integrationId: string) {
      latestOf(integrationId).lastCallAt = now();
    },

    /** Something that went wrong with the integration: a refused call, a downlink not taken, a network server's log. */
    error(integrationId: string, message: string) {
      const entry = latestOf(integrationId);
      entry.lastError = message.slice(0, ERROR_MAX_CHARS);
      entry.lastErrorAt = now();
    },

    /** Forgets what was counted for a deleted integration, which could not be saved. */
    forget(integrationId: string) {
      tallies.delete(integrationId);
      endedHours = endedHours.filter((tally) => tally.integrationId !== integrationId);
      latest.delete(integrationId);
    },

    /** The health of these integrations, with what this process counted so far. */
    async of(integrationIds: string[]): Promise<Map<string, IntegrationHealth>> {
      await flush();
      const at = now();
      const { counts, health } = await integrationsRepo.healthOf(
        integrationIds,
        at - (at % HOUR_MS) - WINDOW_MS + HOUR_MS,
      );
      return new Map(
        integrationIds.map((id) => {
          const count = counts.find((row) => row.integrationId === id);
          const row = health.find((entry) => entry.integrationId === id);
          return [
            id,
            {
              lastCallAt: row?.lastCallAt ?? null,
              last24h: {
                stored: Number(count?.stored ?? 0),
                duplicates: Number(count?.duplicates ?? 0),
                refused: Number(count?.refused ?? 0),
                unknownDevices: Number(count?.unknownDevices ?? 0),
              },
              lastError:
                row?.lastError && row.lastErrorAt !== null ? { message: row.lastError, at: row.lastErrorAt } : null,
            },
          ];
        }),
      );
    },

    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type IntegrationHealthRecorder = ReturnType<typeof createIntegrationHealth>;
