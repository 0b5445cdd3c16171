import { randomUUID } from 'node:crypto';
import {
  type CreateSignalRequest,
  deviceTypes,
  isProviderStaff,
  type SignalDefinition,
  type SignalHistoryQuery,
  type SignalType,
  type UpdateSignalRequest,
} from '@iot/shared';
import type { Transaction } from 'kysely';
import type { Database, DatabaseSchema } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { UserRow } from '../users/present.js';
import type { SignalRow, SignalsRepo } from './repo.js';

/** What a signal defines, as the history compares it. */
interface Definition {
  name: string;
  unit: string | null;
  type: SignalType;
  showInList: boolean;
}

/**
 * A lock its holder has not taken again for this long lapses: anyone may take or release it, and it is shown as none.
 * Editing a signal takes minutes; a lock forgotten in a closed window would otherwise hold the signal forever.
 */
export const SIGNAL_LOCK_LAPSES_AFTER_MS = 60 * 60 * 1000;

const definitionOf = (row: SignalRow): Definition => ({
  name: row.name,
  unit: row.unit,
  type: row.type,
  showInList: row.showInList === 1,
});

const columnsOf = (definition: Definition) => ({
  name: definition.name,
  unit: definition.unit,
  type: definition.type,
  showInList: definition.showInList ? 1 : 0,
});

/** Each field that differs, as `{ from, to }`. */
function changesBetween(before: Definition, after: Definition): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of ['name', 'unit', 'type', 'showInList'] as const) {
    if (before[field] !== after[field]) changes[field] = { from: before[field], to: after[field] };
  }
  return changes;
}

const codecDefinitionOf = (signal: SignalDefinition): Definition => ({
  name: signal.name,
  unit: signal.unit ?? null,
  type: signal.kind,
  showInList: signal.showInList,
});

/** The codecs' definition of each signal key; where two device types define a key, the first in the registry wins. */
function codecSignals(): Map<string, { definition: Definition; deviceType: string }> {
  const byKey = new Map<string, { definition: Definition; deviceType: string }>();
  for (const deviceType of deviceTypes) {
    for (const signal of deviceType.signals) {
      if (!byKey.has(signal.key))
        byKey.set(signal.key, { definition: codecDefinitionOf(signal), deviceType: deviceType.id });
    }
  }
  return byKey;
}

/**
 * The signal catalogue (SPEC sections 3 and 7): everyone signed in reads it; provider staff change it. A change of
 * an existing signal needs its edit lock: PUT only by the staff user holding it, and nobody else may delete, sync,
 * lock or unlock it meanwhile. Every change is written to the signal's history.
 */
export function createSignalsService({
  db,
  signalsRepo,
  now = Date.now,
}: {
  db: Database;
  signalsRepo: SignalsRepo;
  now?: () => number;
}) {
  function assertProviderStaff(user: UserRow) {
    if (!isProviderStaff(user)) throw new AppError('forbidden');
  }

  async function existing(id: string, trx?: Transaction<DatabaseSchema>): Promise<SignalRow> {
    const signal = await signalsRepo.find(id, trx);
    if (!signal) throw new AppError('not_found');
    return signal;
  }

  const lapsedBefore = () => now() - SIGNAL_LOCK_LAPSES_AFTER_MS;
  const isLive = (signal: SignalRow) => signal.lockedAt !== null && signal.lockedAt > lapsedBefore();
  /** The signal as it stands now: a lapsed lock is shown as none. */
  const current = (signal: SignalRow): SignalRow =>
    isLive(signal) ? signal : { ...signal, lockedBy: null, lockedAt: null, lockedByEmail: null };

  function lockedByOther(signal: SignalRow) {
    return new AppError('signal.locked', { user: signal.lockedByEmail ?? '?' });
  }

  function assertNotLockedByOther(user: UserRow, signal: SignalRow) {
    if (signal.lockedBy !== null && signal.lockedBy !== user.id && isLive(signal)) throw lockedByOther(signal);
  }

  async function refused(id: string): Promise<never> {
    const signal = await signalsRepo.find(id);
    throw signal ? lockedByOther(signal) : new AppError('not_found');
  }

  return {
    /** The lock state (editing control) of signals is for provider staff; others see none. */
    async list(user: UserRow, editionCtrl: boolean): Promise<SignalRow[]> {
      if (editionCtrl) assertProviderStaff(user);
      return (await signalsRepo.list()).map(current);
    },

    get: async (_user: UserRow, id: string) => current(await existing(id)),

    async create(user: UserRow, request: CreateSignalRequest): Promise<SignalRow> {
      assertProviderStaff(user);
      const id = randomUUID();
      const definition: Definition = {
        name: request.name,
        unit: request.unit,
        type: request.parameters.type,
        showInList: request.parameters.showInList,
      };
      await db.transaction().execute(async (trx) => {
        const time = now();
        const inserted = await signalsRepo.insert(
          {
            id,
            key: request.key,
            ...columnsOf(definition),
            lockedBy: null,
            lockedAt: null,
            createdAt: time,
            updatedAt: time,
            version: 1,
          },
          trx,
        );
        if (!inserted) throw new AppError('signal.key_taken', { key: request.key });
        await signalsRepo.insertHistory(
          { signalId: id, userId: user.id, action: 'created', changes: { key: request.key, ...definition } },
          time,
          trx,
        );
      });
      return current(await existing(id));
    },

    /** Saves the fields sent over the `version` read, if the caller holds the signal's lock. */
    async update(user: UserRow, request: UpdateSignalRequest): Promise<SignalRow> {
      assertProviderStaff(user);
      await db.transaction().execute(async (trx) => {
        const signal = await existing(request.uuid, trx);
        // Someone saved since the caller read it (and released the lock, so that the lock alone would be the reason
        // given): the conflict is what happened.
        if (signal.version !== request.version) throw new AppError('conflict');
        assertNotLockedByOther(user, signal);
        // The caller's own lock counts even lapsed: nobody took it since.
        if (signal.lockedBy !== user.id) throw new AppError('signal.not_locked');
        const before = definitionOf(signal);
        const after: Definition = {
          name: request.name ?? before.name,
          unit: request.unit === undefined ? before.unit : request.unit,
          type: request.parameters?.type ?? before.type,
          showInList: request.parameters?.showInList ?? before.showInList,
        };
        const time = now();
        const updated = await signalsRepo.updateIfVersion(
          signal.id,
          request.version,
          { ...columnsOf(after), updatedAt: time },
          trx,
        );
        if (!updated) throw new AppError('conflict');
        const changes = changesBetween(before, after);
        if (Object.keys(changes).length > 0)
          await signalsRepo.insertHistory(
            { signalId: signal.id, userId: user.id, action: 'updated', changes },
            time,
            trx,
          );
      });
      return current(await existing(request.uuid));
    },

    async delete(user: UserRow, id: string): Promise<void> {
      assertProviderStaff(user);
      await db.transaction().execute(async (trx) => {
        const signal = await existing(id, trx);
        assertNotLockedByOther(user, signal);
        await signalsRepo.delete(id, trx);
        await signalsRepo.insertHistory(
          { signalId: id, userId: user.id, action: 'deleted', changes: { key: signal.key, ...definitionOf(signal) } },
          now(),
          trx,
        );
      });
    },

    /** Takes the edit lock (again, if the caller holds it already); refused while another staff user holds it. */
    async lock(user: UserRow, id: string): Promise<SignalRow> {
      assertProviderStaff(user);
      const taken = await db.transaction().execute(async (trx) => {
        const signal = await existing(id, trx);
        const time = now();
        if (!(await signalsRepo.setLock(id, user.id, user.id, time, lapsedBefore(), trx))) return false;
        if (signal.lockedBy !== user.id)
          await signalsRepo.insertHistory({ signalId: id, userId: user.id, action: 'locked', changes: {} }, time, trx);
        return true;
      });
      if (!taken) await refused(id);
      return current(await existing(id));
    },

    /** Releases the edit lock; only its holder may (a signal nobody holds stays unlocked). */
    async unlock(user: UserRow, id: string): Promise<SignalRow> {
      assertProviderStaff(user);
      const released = await db.transaction().execute(async (trx) => {
        const signal = await existing(id, trx);
        const time = now();
        if (!(await signalsRepo.setLock(id, null, user.id, time, lapsedBefore(), trx))) return false;
        if (signal.lockedBy !== null)
          await signalsRepo.insertHistory(
            { signalId: id, userId: user.id, action: 'unlocked', changes: {} },
            time,
            trx,
          );
        return true;
      });
      if (!released) await refused(id);
      return current(await existing(id));
    },

    /** Re-reads the definition of the signal's key from the device-type codecs and records it. */
    async sync(user: UserRow, id: string): Promise<SignalRow> {
      assertProviderStaff(user);
      await db.transaction().execute(async (trx) => {
        const signal = await existing(id, trx);
        assertNotLockedByOther(user, signal);
        const codec = codecSignals().get(signal.key);
        if (!codec) throw new AppError('signal.no_codec_definition', { key: signal.key });
        const before = definitionOf(signal);
        const time = now();
        const updated = await signalsRepo.updateIfVersion(
          signal.id,
          signal.version,
          { ...columnsOf(codec.definition), updatedAt: time },
          trx,
        );
        if (!updated) throw new AppError('conflict');
        await signalsRepo.insertHistory(
          {
            signalId: id,
            userId: user.id,
            action: 'synced',
            changes: { ...changesBetween(before, codec.definition), source: codec.deviceType },
          },
          time,
          trx,
        );
      });
      return current(await existing(id));
    },

    /** A page of a signal's history, newest first; it outlives the signal. Provider staff only. */
    async history(user: UserRow, id: string, query: SignalHistoryQuery) {
      assertProviderStaff(user);
      const page = await signalsRepo.pageOfHistory(id, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      if (page.total === 0 && !(await signalsRepo.find(id))) throw new AppError('not_found');
      return { ...page, hasNext: query.page * query.pageSize < page.total };
    },

    /**
     * Adds the signals the device-type codecs define that the catalogue lacks (by key), so it is never empty. Run at
     * every start: it adds nothing once they are there and never changes a signal staff edited; a codec's signal that
     * was deleted comes back, since the readings of that key need a definition.
     */
    async ensureCodecSignals(): Promise<number> {
      const known = await signalsRepo.keys();
      let added = 0;
      await db.transaction().execute(async (trx) => {
        const time = now();
        for (const [key, { definition, deviceType }] of codecSignals()) {
          if (known.has(key)) continue;
          const id = randomUUID();
          const inserted = await signalsRepo.insert(
            {
              id,
              key,
              ...columnsOf(definition),
              lockedBy: null,
              lockedAt: null,
              createdAt: time,
              updatedAt: time,
              version: 1,
            },
            trx,
          );
          if (!inserted) continue;
          added += 1;
          await signalsRepo.insertHistory(
            { signalId: id, userId: null, action: 'created', changes: { key, ...definition, source: deviceType } },
            time,
            trx,
          );
        }
      });
      return added;
    },
  };
}

export type SignalsService = ReturnType<typeof createSignalsService>;
