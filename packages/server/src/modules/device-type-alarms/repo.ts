import type { AlarmRule } from '@iot/shared';
import type { Database } from '../../db/schema.js';
import type { TypeRules } from '../ingest/alarm-conditions.js';

/**
 * How long the rules of every device type are kept in memory for ingest: each batch needs the rules of its devices'
 * types, and reading them each time would cost a query per batch. A change made in this process clears them at once;
 * another process's change shows within this.
 */
export const TYPE_RULES_CACHE_MS = 5_000;

const parseRules = (json: string): AlarmRule[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? (value as AlarmRule[]) : [];
};

/** The threshold rules of device types (`device_type_alarms`). SQL and the ingest cache only. */
export function createDeviceTypeAlarmsRepo(db: Database, { now = Date.now }: { now?: () => number } = {}) {
  let cached: { rules: TypeRules; until: number } | null = null;
  let loading: Promise<TypeRules> | null = null;
  // Bumped by every change: a load that started before a change is not kept.
  let generation = 0;

  function forget() {
    generation++;
    cached = null;
    loading = null;
  }

  async function load(): Promise<TypeRules> {
    const started = generation;
    const rows = await db.selectFrom('deviceTypeAlarms').select(['deviceType', 'rules']).execute();
    const rules: TypeRules = new Map(rows.map((row) => [row.deviceType, parseRules(row.rules)]));
    if (started === generation) cached = { rules, until: now() + TYPE_RULES_CACHE_MS };
    return rules;
  }

  return {
    /** A type's rules and version; undefined when it has never had any. */
    async find(deviceType: string) {
      const row = await db
        .selectFrom('deviceTypeAlarms')
        .select(['rules', 'version'])
        .where('deviceType', '=', deviceType)
        .executeTakeFirst();
      return row && { rules: parseRules(row.rules), version: row.version };
    },

    /** Saves a type's rules over `version` (0: no row yet); false when another save came first. */
    async save(deviceType: string, version: number, rules: readonly AlarmRule[], at: number) {
      const json = JSON.stringify(rules);
      try {
        if (version === 0) {
          const inserted = await db
            .insertInto('deviceTypeAlarms')
            .values({ deviceType, rules: json, updatedAt: at, version: 1 })
            .onConflict((conflict) => conflict.column('deviceType').doNothing())
            .executeTakeFirst();
          return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
        }
        const updated = await db
          .updateTable('deviceTypeAlarms')
          .set({ rules: json, updatedAt: at, version: version + 1 })
          .where('deviceType', '=', deviceType)
          .where('version', '=', version)
          .executeTakeFirst();
        return Number(updated.numUpdatedRows) === 1;
      } finally {
        // After the statement has committed, so a reload sees the change.
        forget();
      }
    },

    /** The rules of every type that has some, by type id; read at most every few seconds (see above). */
    rulesByType(): Promise<TypeRules> {
      if (cached && cached.until > now()) return Promise.resolve(cached.rules);
      loading ??= load().finally(() => {
        loading = null;
      });
      return loading;
    },
  };
}

export type DeviceTypeAlarmsRepo = ReturnType<typeof createDeviceTypeAlarmsRepo>;
