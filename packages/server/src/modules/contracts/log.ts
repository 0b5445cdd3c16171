import { randomUUID } from 'node:crypto';
import type { ContractLogEvent } from '@iot/shared';
import type { Transaction } from 'kysely';
import type { Database, DatabaseSchema } from '../../db/schema.js';

type Executor = Database | Transaction<DatabaseSchema>;

/** One event of a contract's log (SPEC section 4): who (null: the platform itself), when, how much. */
export interface ContractLogEntry {
  contractId: string;
  businessId: string;
  event: ContractLogEvent;
  at: number;
  userId: string | null;
  amount: number | null;
  details?: Record<string, string | number | boolean>;
}

/** Appends to contracts' logs; every module that changes a contract's credits or tokens writes through this. */
export async function appendContractLog(trx: Executor, entries: ContractLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await trx
    .insertInto('contractLogs')
    .values(
      entries.map(({ details, ...entry }) => ({ id: randomUUID(), ...entry, details: JSON.stringify(details ?? {}) })),
    )
    .execute();
}
