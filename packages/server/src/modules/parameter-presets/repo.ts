import type { Role } from '@iot/shared';
import { type Insertable, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import type { Database, DatabaseSchema, ParameterPresetsTable } from '../../db/schema.js';
import { type Caller, reachOf } from '../businesses/repo.js';

type Executor = Database | Transaction<DatabaseSchema>;

export type ParameterPresetRow = Selectable<ParameterPresetsTable>;
/** A preset as one caller sees it: the caller's role on its business, and the business's description. */
export type ScopedParameterPresetRow = ParameterPresetRow & { role: Role; businessDescription: string };

const count = (value: bigint | number | string | undefined) => Number(value ?? 0);

/** Parameter presets, scoped to the caller's reach in SQL like devices. SQL only. */
export function createParameterPresetsRepo(db: Database) {
  /**
   * Every preset the caller sees, with the caller's role on its business, as a query callers narrow further: those
   * of the businesses the caller reaches, and those of the businesses above them, which a level shares with the
   * levels below (the caller's role there is `none`: seen and applied, never changed).
   */
  async function scoped(caller: Caller, trx: Executor) {
    const column = 'parameterPresets.businessPath';
    const { role, reach, above } = await reachOf(caller, trx, column);
    const query = trx
      .selectFrom('parameterPresets')
      .innerJoin('businesses', 'businesses.id', 'parameterPresets.businessId')
      .selectAll('parameterPresets')
      .select(['businesses.description as businessDescription', role.as('role')]);
    return reach && above ? query.where(sql<boolean>`(${reach} or ${above})`) : query;
  }

  return {
    async findReachable(caller: Caller, id: string, trx: Executor = db): Promise<ScopedParameterPresetRow | undefined> {
      return (await scoped(caller, trx)).where('parameterPresets.id', '=', id).executeTakeFirst();
    },

    /**
     * The presets the caller sees, by name: those owned by one of `businessIds` (a business and its ancestors)
     * when given, of one device type when `model` is given.
     */
    async listReachable(
      caller: Caller,
      filter: { businessIds?: string[]; model?: string },
      trx: Executor = db,
    ): Promise<ScopedParameterPresetRow[]> {
      let query = await scoped(caller, trx);
      if (filter.businessIds) query = query.where('parameterPresets.businessId', 'in', filter.businessIds);
      if (filter.model) query = query.where('parameterPresets.model', '=', filter.model);
      return query
        .orderBy(sql`lower(${sql.ref('parameterPresets.name')})`)
        .orderBy('parameterPresets.id')
        .execute();
    },

    async insert(preset: Insertable<ParameterPresetsTable>, trx: Executor = db): Promise<void> {
      await trx.insertInto('parameterPresets').values(preset).execute();
    },

    async updateIfVersion(
      id: string,
      version: number,
      changes: Updateable<ParameterPresetsTable>,
      trx: Executor = db,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('parameterPresets')
        .set({ ...changes, version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return count(result.numUpdatedRows) === 1;
    },

    async delete(id: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('parameterPresets').where('id', '=', id).execute();
    },
  };
}

export type ParameterPresetsRepo = ReturnType<typeof createParameterPresetsRepo>;
