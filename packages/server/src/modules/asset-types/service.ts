import { randomUUID } from 'node:crypto';
import { type CreateAssetTypeRequest, isProviderStaff, type UpdateAssetTypeRequest } from '@iot/shared';
import type { Transaction } from 'kysely';
import type { Database, DatabaseSchema } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { UserRow } from '../users/present.js';
import type { AssetTypeRow, AssetTypesRepo } from './repo.js';

/** Asset types (architecture page /arch-asset-types): everyone signed in reads them; provider staff define them. */
export function createAssetTypesService({
  db,
  assetTypesRepo,
  now = Date.now,
}: {
  db: Database;
  assetTypesRepo: AssetTypesRepo;
  now?: () => number;
}) {
  function assertProviderStaff(user: UserRow) {
    if (!isProviderStaff(user)) throw new AppError('forbidden');
  }

  async function existing(id: string, trx?: Transaction<DatabaseSchema>): Promise<AssetTypeRow> {
    const assetType = await assetTypesRepo.find(id, trx);
    if (!assetType) throw new AppError('not_found');
    return assetType;
  }

  async function assertNameFree(name: string, exceptId: string | null, trx: Transaction<DatabaseSchema>) {
    if (await assetTypesRepo.findByName(name, exceptId, trx)) throw new AppError('asset_type.name_taken', { name });
  }

  return {
    list: (_user: UserRow) => assetTypesRepo.list(),

    get: (_user: UserRow, id: string) => existing(id),

    async create(user: UserRow, request: CreateAssetTypeRequest): Promise<AssetTypeRow> {
      assertProviderStaff(user);
      const id = randomUUID();
      await db.transaction().execute(async (trx) => {
        await assertNameFree(request.name, null, trx);
        const time = now();
        await assetTypesRepo.insert(
          {
            id,
            name: request.name,
            description: request.description,
            fields: JSON.stringify(request.fields),
            createdAt: time,
            updatedAt: time,
            version: 1,
          },
          trx,
        );
      });
      return existing(id);
    },

    /** The fields sent replace the stored ones over the `version` read; a stale version is `conflict`. */
    async update(user: UserRow, id: string, request: UpdateAssetTypeRequest): Promise<AssetTypeRow> {
      assertProviderStaff(user);
      await db.transaction().execute(async (trx) => {
        const assetType = await existing(id, trx);
        if (request.name !== undefined) await assertNameFree(request.name, assetType.id, trx);
        const updated = await assetTypesRepo.updateIfVersion(
          assetType.id,
          request.version,
          {
            ...(request.name !== undefined ? { name: request.name } : {}),
            ...(request.description !== undefined ? { description: request.description } : {}),
            ...(request.fields !== undefined ? { fields: JSON.stringify(request.fields) } : {}),
            updatedAt: now(),
          },
          trx,
        );
        if (!updated) throw new AppError('conflict');
      });
      return existing(id);
    },

    /** A type that assets are of cannot be deleted (`asset_type.in_use`, with how many). */
    async delete(user: UserRow, id: string): Promise<void> {
      assertProviderStaff(user);
      await db.transaction().execute(async (trx) => {
        const count = await assetTypesRepo.countAssets(id, trx);
        if (count > 0) throw new AppError('asset_type.in_use', { count });
        if (!(await assetTypesRepo.delete(id, trx))) throw new AppError('not_found');
      });
    },
  };
}

export type AssetTypesService = ReturnType<typeof createAssetTypesService>;
