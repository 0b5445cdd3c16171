import { randomUUID } from 'node:crypto';
import type {
  BusinessLogAction,
  CreateUsageLicenseRequest,
  UpdateUsageLicenseRequest,
  UsageLicense,
  UsageLicenseDevicePage,
  UsageLicenseListQuery,
  UsageLicensePage,
} from '@iot/shared';
import type { Transaction } from 'kysely';
import type { Database, DatabaseSchema } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { decodeCursor, encodeCursor, textKeyAndId } from '../../http/page-cursor.js';
import { type BusinessesRepo, isProviderStaff } from '../businesses/repo.js';
import { isUniqueViolation } from '../journeys/repo.js';
import type { UserRow } from '../users/present.js';
import { presentUsageLicense } from './present.js';
import type { ListedUsageLicenseRow, UsageLicensesRepo } from './repo.js';

type Trx = Transaction<DatabaseSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A time sent (ISO 8601) as stored: epoch ms; null (open-ended) stays null. */
const timeOf = (text: string | null) => (text === null ? null : Date.parse(text));
/** A stored time (a bigint column: a string on PostgreSQL) in epoch ms. */
const storedTime = (value: number | string | null) => (value === null ? null : Number(value));

/** A license's period must start before it ends when both ends are set. */
function assertPeriod(startsAt: number | null, endsAt: number | null) {
  if (startsAt !== null && endsAt !== null && startsAt >= endsAt)
    throw new AppError('validation.failed', {}, { endsAt: 'validation.date_range' });
}

/**
 * Usage licenses (SPEC section 3): provider staff keep them; customers read those of the levels they reach and of
 * those levels' ancestors, which their devices may name. Scoped in SQL, so a license out of sight is `not_found`;
 * every change goes to the activity log of the license's level.
 */
export function createUsageLicensesService({
  db,
  usageLicensesRepo,
  businessesRepo,
  now = Date.now,
}: {
  db: Database;
  usageLicensesRepo: UsageLicensesRepo;
  businessesRepo: BusinessesRepo;
  now?: () => number;
}) {
  /** Changes are provider staff's; anyone else who sees the license is refused, as `forbidden`. */
  function assertStaff(user: UserRow) {
    if (!isProviderStaff(user)) throw new AppError('forbidden');
  }

  async function seenLicense(user: UserRow, id: string, trx?: Trx): Promise<ListedUsageLicenseRow> {
    const license = await usageLicensesRepo.findReachable(user, id, trx);
    if (!license) throw new AppError('not_found');
    return license;
  }

  async function presented(user: UserRow, id: string): Promise<UsageLicense> {
    const license = await seenLicense(user, id);
    const devices = await usageLicensesRepo.devicesNaming(user, [license.id]);
    return presentUsageLicense(license, devices.get(license.id) ?? 0, now());
  }

  function log(trx: Trx, user: UserRow, businessId: string, action: BusinessLogAction, details: object) {
    return businessesRepo.insertLog({ businessId, userId: user.id, action, details }, now(), trx);
  }

  /** A license id already held in the level, checked in the transaction and, for a race, by the unique index. */
  async function assertLicenseIdFree(businessId: string, licenseId: string, exceptId: string | null, trx: Trx) {
    if (await usageLicensesRepo.holderOfLicenseId(businessId, licenseId, exceptId, trx))
      throw new AppError('usage_license.id_taken', { licenseId }, { licenseId: 'validation.invalid' });
  }

  async function uniquely<T>(licenseId: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('usage_license.id_taken', { licenseId }, { licenseId: 'validation.invalid' });
      throw error;
    }
  }

  return {
    /** A page of the licenses the caller sees that match, by license id, each with how many devices name it. */
    async list(user: UserRow, request: UsageLicenseListQuery): Promise<UsageLicensePage> {
      const at = now();
      let forPath: string | undefined;
      if (request.forBusinessId !== undefined) {
        const business = await businessesRepo.findReachable(user, request.forBusinessId);
        if (!business) throw new AppError('not_found');
        forPath = business.path;
      }
      const rows = await usageLicensesRepo.page(
        user,
        {
          ...(request.search ? { search: request.search } : {}),
          ...(request.businessId !== undefined ? { businessId: request.businessId } : {}),
          ...(forPath !== undefined ? { forPath } : {}),
          ...(request.expiringWithinDays !== undefined
            ? { ending: { after: at, by: at + request.expiringWithinDays * DAY_MS } }
            : {}),
        },
        { limit: request.limit, after: decodeCursor(request.cursor, textKeyAndId) },
      );
      const items = rows.slice(0, request.limit);
      const devices = await usageLicensesRepo.devicesNaming(
        user,
        items.map((row) => row.id),
      );
      const last = rows.length > request.limit ? items.at(-1) : undefined;
      return {
        items: items.map((row) => presentUsageLicense(row, devices.get(row.id) ?? 0, at)),
        nextCursor: last ? encodeCursor([last.licenseId, last.id]) : null,
      };
    },

    get: presented,

    /** A page of the devices the caller reaches that name a license the caller sees, by description. */
    async devices(
      user: UserRow,
      id: string,
      request: { limit: number; cursor?: string | undefined },
    ): Promise<UsageLicenseDevicePage> {
      const license = await seenLicense(user, id);
      const rows = await usageLicensesRepo.devicesOf(user, license.id, {
        limit: request.limit,
        after: decodeCursor(request.cursor, textKeyAndId),
      });
      const items = rows.slice(0, request.limit);
      const last = rows.length > request.limit ? items.at(-1) : undefined;
      return {
        items: items.map((row) => ({
          uuid: row.id,
          description: row.description,
          business: { id: row.businessId, description: row.businessDescription },
        })),
        nextCursor: last ? encodeCursor([last.sortKey, last.id]) : null,
      };
    },

    /** Provider staff: a new license of a level; its license id must be new in that level. */
    async create(user: UserRow, request: CreateUsageLicenseRequest): Promise<UsageLicense> {
      if (!(await usageLicensesRepo.seesLevel(user, request.businessId))) throw new AppError('not_found');
      assertStaff(user);
      const startsAt = timeOf(request.startsAt);
      const endsAt = timeOf(request.endsAt);
      assertPeriod(startsAt, endsAt);
      const id = randomUUID();
      await uniquely(request.licenseId, () =>
        db.transaction().execute(async (trx) => {
          await assertLicenseIdFree(request.businessId, request.licenseId, null, trx);
          const time = now();
          await usageLicensesRepo.insert(
            {
              id,
              businessId: request.businessId,
              licenseId: request.licenseId,
              corporateName: request.corporateName,
              type: request.type,
              startsAt,
              endsAt,
              comments: request.comments,
              omieContractId: request.omie.contractId ?? null,
              omieStartsAt: timeOf(request.omie.startsAt ?? null),
              omieEndsAt: timeOf(request.omie.endsAt ?? null),
              createdAt: time,
              updatedAt: time,
              version: 1,
            },
            trx,
          );
          await log(trx, user, request.businessId, 'usage_license_created', {
            usageLicenseId: id,
            name: request.licenseId,
          });
        }),
      );
      return presented(user, id);
    },

    /** Provider staff: edits a license over the `version` read (409 when stale); absent fields stay. */
    async update(user: UserRow, id: string, request: UpdateUsageLicenseRequest): Promise<UsageLicense> {
      const licenseId = request.licenseId;
      await uniquely(licenseId ?? '', () =>
        db.transaction().execute(async (trx) => {
          const license = await seenLicense(user, id, trx);
          assertStaff(user);
          assertPeriod(
            request.startsAt === undefined ? storedTime(license.startsAt) : timeOf(request.startsAt),
            request.endsAt === undefined ? storedTime(license.endsAt) : timeOf(request.endsAt),
          );
          if (licenseId !== undefined && licenseId !== license.licenseId)
            await assertLicenseIdFree(license.businessId, licenseId, license.id, trx);
          const { omie } = request;
          const updated = await usageLicensesRepo.updateIfVersion(
            license.id,
            request.version,
            {
              ...(licenseId !== undefined ? { licenseId } : {}),
              ...(request.corporateName !== undefined ? { corporateName: request.corporateName } : {}),
              ...(request.type !== undefined ? { type: request.type } : {}),
              ...(request.startsAt !== undefined ? { startsAt: timeOf(request.startsAt) } : {}),
              ...(request.endsAt !== undefined ? { endsAt: timeOf(request.endsAt) } : {}),
              ...(request.comments !== undefined ? { comments: request.comments } : {}),
              ...(omie?.contractId !== undefined ? { omieContractId: omie.contractId } : {}),
              ...(omie?.startsAt !== undefined ? { omieStartsAt: timeOf(omie.startsAt) } : {}),
              ...(omie?.endsAt !== undefined ? { omieEndsAt: timeOf(omie.endsAt) } : {}),
              updatedAt: now(),
            },
            trx,
          );
          if (!updated) throw new AppError('conflict');
          await log(trx, user, license.businessId, 'usage_license_updated', {
            usageLicenseId: license.id,
            name: licenseId ?? license.licenseId,
            ...(licenseId !== undefined && licenseId !== license.licenseId ? { from: license.licenseId } : {}),
          });
        }),
      );
      return presented(user, id);
    },

    /** Provider staff: deletes a license over the `version` read; one that devices still name is refused. */
    async delete(user: UserRow, id: string, version: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const license = await seenLicense(user, id, trx);
        assertStaff(user);
        const naming = await usageLicensesRepo.devicesNamingAny(license.id, trx);
        if (naming > 0) throw new AppError('usage_license.in_use', { count: naming });
        if (!(await usageLicensesRepo.deleteIfVersion(license.id, version, trx))) throw new AppError('conflict');
        await log(trx, user, license.businessId, 'usage_license_deleted', {
          usageLicenseId: license.id,
          name: license.licenseId,
        });
      });
    },
  };
}

export type UsageLicensesService = ReturnType<typeof createUsageLicensesService>;
