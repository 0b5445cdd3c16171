import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { AssetTypesTable, Database, DatabaseSchema } from '../../db/schema.js';

type Executor = Database | Transaction<DatabaseSchema>;

export type AssetTypeRow = Selectable<AssetTypesTable>;

const count = (value: bigint | number | string | undefined) => Number(value ?? 0);

/** Asset types: platform-wide definitions (no tenant scope). SQL only. */
export function createAssetTypesRepo(db: Database) {
  return {
    async list(trx: Executor = db): Promise<AssetTypeRow[]> {
      return trx
        .selectFrom('assetTypes')
        .selectAll()
        .orderBy(sql`lower(${sql.ref('name')})`)
        .orderBy('id')
        .execute();
    },

    async find(id: string, trx: Executor = db): Promise<AssetTypeRow | undefined> {
      return trx.selectFrom('assetTypes').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The asset type named `name` (case-insensitively), other than `exceptId`. */
    async findByName(name: string, exceptId: string | null, trx: Executor = db): Promise<AssetTypeRow | undefined> {
      let query = trx
        .selectFrom('assetTypes')
        .selectAll()
        .where(sql<boolean>`lower(${sql.ref('name')}) = ${name.toLowerCase()}`);
      if (exceptId) query = query.where('id', '!=', exceptId);
      return query.executeTakeFirst();
    },

    async insert(assetType: Insertable<AssetTypesTable>, trx: Executor = db): Promise<void> {
      await trx.insertInto('assetTypes').values(assetType).execute();
    },

    async updateIfVersion(
      id: string,
      version: number,
      changes: Updateable<AssetTypesTable>,
      trx: Executor = db,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('assetTypes')
        .set({ ...changes, version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return count(result.numUpdatedRows) === 1;
    },

    /** How many assets are of this type (a type in use cannot be deleted). */
    async countAssets(id: string, trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('assets')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('assetTypeId', '=', id)
        .executeTakeFirstOrThrow();
      return count(row.n);
    },

    async delete(id: string, trx: Executor = db): Promise<boolean> {
      const result = await trx.deleteFrom('assetTypes').where('id', '=', id).executeTakeFirst();
      return count(result.numDeletedRows) === 1;
    },
  };
}

export type AssetTypesRepo = ReturnType<typeof createAssetTypesRepo>;
