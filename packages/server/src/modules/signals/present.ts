import type { Signal, SignalHistoryEntry } from '@iot/shared';
import type { SignalHistoryRow, SignalRow } from './repo.js';

const iso = (time: number) => new Date(time).toISOString();

/** A signal as SPEC section 3 shows it; `withLock` adds its editing-control state. */
export function presentSignal(row: SignalRow, withLock: boolean): Signal {
  return {
    uuid: row.id,
    key: row.key,
    name: row.name,
    unit: row.unit,
    parameters: { showInList: row.showInList === 1, type: row.type },
    ...(withLock
      ? {
          lock:
            row.lockedBy === null || row.lockedAt === null
              ? null
              : { user: row.lockedByEmail, lockedAt: iso(row.lockedAt) },
        }
      : {}),
    updatedAt: iso(row.updatedAt),
    version: row.version,
  };
}

export function presentSignalHistoryEntry(row: SignalHistoryRow): SignalHistoryEntry {
  return {
    _id: row.id,
    signalId: row.signalId,
    user: row.userEmail,
    action: row.action,
    changes: JSON.parse(row.changes) as Record<string, unknown>,
    createdAt: iso(row.createdAt),
  };
}
