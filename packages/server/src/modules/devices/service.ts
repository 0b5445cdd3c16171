import { randomUUID } from 'node:crypto';
import {
  type BusinessRole,
  type CommunicationType,
  type CreateDeviceRequest,
  communicationType,
  type DeviceFilter,
  type DeviceSort,
  type DeviceUsageLicense,
  type FromListRequest,
  type FromScratchRequest,
  findDeviceType,
  hasRank,
  type IdAndPacListRequest,
  isMessageCode,
  issueMessage,
  type Language,
  type Message,
  type MessageCode,
  NETWORK_ID_SCHEMAS,
  translate,
  type UpdateDeviceRequest,
} from '@iot/shared';
import { sql, type Transaction } from 'kysely';
import type { Database, DatabaseSchema } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { unlinkDevice } from '../assets/repo.js';
import { type BusinessesRepo, reachOf, type ScopedBusinessRow } from '../businesses/repo.js';
import { finishJourneysOfDevices } from '../journeys/service.js';
import type { PlansService } from '../plans/service.js';
import { presentDeviceUsageLicense } from '../usage-licenses/present.js';
import { licenseOnPath } from '../usage-licenses/repo.js';
import type { UserRow } from '../users/present.js';
import { type Cursor, pageItemsText } from './device-page.js';
import type { DeviceQuery, DeviceRow, DevicesRepo, NetworkIdColumn, ScopedDeviceRow } from './repo.js';

/** Signals, and devices, count as recent within 24 hours (SPEC 9). */
const RECENT_MS = 24 * 60 * 60 * 1000;

/** Who may do what to devices: reading follows reach; editing a device needs `user`; adding, removing, moving `admin`. */
const EDIT_ROLE: BusinessRole = 'user';
const MANAGE_ROLE: BusinessRole = 'admin';

/** Where each network's id is kept (the creation page's single "network id" column is read by `NETWORK_ID_SCHEMAS`). */
const NETWORK_ID_COLUMN_OF: Record<CommunicationType, NetworkIdColumn> = {
  lora: 'loraEui',
  wifi: 'mac',
  sigfox: 'sigfoxId',
  cellular: 'imei',
};

/** A page of devices (`DevicePage`) with its items as the JSON text of their array, written where they were read. */
export interface DevicePageText {
  items: string;
  nextCursor: string | null;
}

/** One device of a bulk call: done, or refused with a code the route words in the caller's language. */
export interface BulkOutcome {
  device: string;
  uuid?: string;
  refused?: { code: MessageCode; params?: Record<string, string | number> };
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string | undefined): Cursor | undefined {
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString());
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      (typeof value[0] === 'string' || typeof value[0] === 'number') &&
      typeof value[1] === 'string'
    )
      return [value[0], value[1]];
  } catch {
    // A cursor that does not parse is invalid input, answered below.
  }
  throw new AppError('validation.failed', {}, { cursor: 'validation.invalid' });
}

const networkIdsOf = (ids: {
  loraEUI?: string | null;
  mac?: string | null;
  sigfoxID?: string | null;
  IMEI?: string | null;
}) => ({
  loraEui: ids.loraEUI ?? null,
  mac: ids.mac ?? null,
  sigfoxId: ids.sigfoxID ?? null,
  imei: ids.IMEI ?? null,
});

/** The devices each with the usage license it names as a device shows it (`usageLicense`), read for them all at once. */
export async function withUsageLicenses<Row extends Pick<DeviceRow, 'usageLicenseId'>>(
  devicesRepo: DevicesRepo,
  rows: Row[],
  at: number,
): Promise<(Row & { usageLicense: DeviceUsageLicense | null })[]> {
  const licenses = await devicesRepo.usageLicensesNamed(rows.flatMap((row) => row.usageLicenseId ?? []));
  return rows.map((row) => {
    const license = row.usageLicenseId === null ? undefined : licenses.get(row.usageLicenseId);
    return { ...row, usageLicense: license ? presentDeviceUsageLicense(license, at) : null };
  });
}

/**
 * Devices (SPEC sections 3-5): every read is scoped to the caller's reach, so a device outside it is `not_found`;
 * network ids are unique per network; `maxDevices` of the plan bounds additions and moves into a contract's subtree.
 */
export function createDevicesService({
  db,
  devicesRepo,
  businessesRepo,
  plans,
  now = Date.now,
}: {
  db: Database;
  devicesRepo: DevicesRepo;
  businessesRepo: BusinessesRepo;
  plans: PlansService;
  now?: () => number;
}) {
  async function reachableDevice(user: UserRow, uuid: string, trx?: Transaction<DatabaseSchema>) {
    const device = await devicesRepo.findReachable(user, uuid, trx);
    if (!device) throw new AppError('not_found');
    return device;
  }

  async function reachableBusiness(user: UserRow, id: string, trx?: Transaction<DatabaseSchema>) {
    const business = await businessesRepo.findReachable(user, id, trx);
    if (!business) throw new AppError('not_found');
    return business;
  }

  /**
   * Moves devices to a business the caller administers, within `trx`, each answered on its own: a device outside the
   * caller's reach is not found; past `maxDevices` of the target's plan, the rest are refused. When any device is on
   * a level the caller does not administer, none moves (SPEC 5): those are refused as denied, the others as held back
   * by them. Likewise when any device is linked to an asset (SPEC 5: move the asset instead): those are refused as
   * tied, the others held back. `dryRun` answers the same and moves nothing, so a selection sent in several calls can
   * be checked whole before its first call moves anything.
   */
  async function moveDevices(
    trx: Transaction<DatabaseSchema>,
    user: UserRow,
    uuids: string[],
    businessId: string,
    { dryRun = false }: { dryRun?: boolean } = {},
  ): Promise<BulkOutcome[]> {
    await businessesRepo.lockTree(trx);
    const target = await reachableBusiness(user, businessId, trx);
    assertRole(target.role, MANAGE_ROLE);
    const devices = new Map((await devicesRepo.findManyReachable(user, uuids, trx)).map((row) => [row.id, row]));
    const capacity = await plans.roomForDevices(target, trx);
    let room = capacity.room;
    const denied = [...devices.values()].some((device) => !hasRank(device.role, MANAGE_ROLE));
    const tied = await devicesRepo.linkedToAssets([...devices.keys()], trx);
    const outcomes: BulkOutcome[] = [];
    for (const uuid of new Set(uuids)) {
      const device = devices.get(uuid);
      if (!device) {
        outcomes.push({ device: uuid, refused: { code: 'not_found' } });
        continue;
      }
      if (!hasRank(device.role, MANAGE_ROLE)) {
        outcomes.push({ device: uuid, refused: { code: 'device.level_denied' } });
        continue;
      }
      if (tied.has(uuid)) {
        const params = { device: device.description || device.id };
        outcomes.push({ device: uuid, refused: { code: 'asset.device_tied', params } });
        continue;
      }
      if (denied || tied.size > 0) {
        outcomes.push({ device: uuid, refused: { code: 'device.move_held_back' } });
        continue;
      }
      if (device.businessId === target.id) {
        outcomes.push({ device: uuid, uuid });
        continue;
      }
      // A device already within the plan's scope does not take more room there.
      const staysInScope = capacity.scope !== null && device.businessPath.startsWith(capacity.scope);
      if (!staysInScope && room < 1) {
        outcomes.push({
          device: uuid,
          refused: { code: 'plan.limit_exceeded', params: { limit: capacity.limit } },
        });
        continue;
      }
      if (!staysInScope) room -= 1;
      if (!dryRun) {
        await devicesRepo.move(device, target, trx);
        // Its journeys stay at the level it leaves, which must not follow its positions at the new one.
        const comment = translate('journey.finished_device_moved', user.language, {
          device: device.description || device.id,
          level: target.description,
        });
        await finishJourneysOfDevices(trx, businessesRepo, [device.id], { userId: user.id, at: now(), comment });
      }
      outcomes.push({ device: uuid, uuid });
    }
    return outcomes;
  }

  /** The devices with the asset each is linked to (`ListedAsset`), read for them all at once. */
  async function withAssets<Row extends ScopedDeviceRow>(user: UserRow, rows: Row[]) {
    const assets = await devicesRepo.assetsOf(
      user,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...row, ...assets.get(row.id) }));
  }

  /** A device's usage license must be one of its level's or of a level above it. */
  async function assertLicenseOnPath(usageLicenseId: string | null, path: string, trx: Transaction<DatabaseSchema>) {
    if (usageLicenseId !== null && !(await licenseOnPath(trx, usageLicenseId, path)))
      throw new AppError('device.usage_license_not_found', {}, { usageLicenseId: 'validation.invalid' });
  }

  function assertRole(role: BusinessRole | ScopedBusinessRow['role'], needed: BusinessRole) {
    if (!hasRank(role, needed)) throw new AppError('forbidden');
  }

  function assertKnownType(deviceType: string) {
    const known = findDeviceType(deviceType);
    if (!known) throw new AppError('device.unknown_type', { type: deviceType }, { deviceType: 'validation.invalid' });
    return known;
  }

  /** The device type must report through the network its ids say (a type without network ids is not checked). */
  function assertSupportsNetwork(deviceType: string, ids: Record<NetworkIdColumn, string | null>) {
    const known = assertKnownType(deviceType);
    if (!Object.values(ids).some((id) => id)) return;
    const network = communicationType({ loraEUI: ids.loraEui, mac: ids.mac, sigfoxID: ids.sigfoxId, IMEI: ids.imei });
    if (!known.communicationTypes.includes(network))
      throw new AppError('device.network_not_supported', { type: known.name });
  }

  async function assertNetworkIdsFree(
    ids: Partial<Record<NetworkIdColumn, string | null>>,
    exceptId: string | null,
    trx: Transaction<DatabaseSchema>,
  ) {
    const holder = await devicesRepo.holderOfNetworkId(ids, exceptId, trx);
    if (holder) throw new AppError('device.network_id_taken', { networkId: holder.value });
  }

  /** A page of the devices a query narrows to, after the page `cursor` names (`DevicePageText`). */
  async function pageText(
    user: UserRow,
    query: DeviceQuery,
    page: { sort: DeviceSort; limit: number; cursor: string | undefined; language: Language },
  ): Promise<DevicePageText> {
    const { cursor, ...rest } = page;
    const at = now();
    const answer = await devicesRepo.page(user, query, { ...rest, after: decodeCursor(cursor) }, at);
    const named = await devicesRepo.usageLicensesNamed(answer.licenseIds.flatMap((id) => id ?? []));
    const licenses = new Map([...named].map(([id, license]) => [id, presentDeviceUsageLicense(license, at)]));
    return { items: pageItemsText(answer, licenses), nextCursor: answer.next ? encodeCursor(answer.next) : null };
  }

  /** The listing's narrowing: a business (reachable, its subtree) and the filters. */
  async function queryOf(user: UserRow, filter: Omit<DeviceFilter, 'sort' | 'limit' | 'cursor'>): Promise<DeviceQuery> {
    const { businessId, ...rest } = filter;
    if (businessId === undefined) return rest;
    const business = await reachableBusiness(user, businessId);
    return { ...rest, subtreePath: business.path };
  }

  return {
    /** Whether `id` is a well-formed network id for the first network of `deviceType` (a CSV line's check). */
    networkIdCheck(deviceType: string): (id: string) => boolean {
      const known = assertKnownType(deviceType);
      const schema = NETWORK_ID_SCHEMAS[known.communicationTypes[0] ?? 'wifi'];
      return (id) => schema.safeParse(id).data != null;
    },

    /** Sigfox devices from their ids and PACs: the type must report through Sigfox. */
    async createFromIdAndPac(user: UserRow, request: IdAndPacListRequest): Promise<BulkOutcome[]> {
      const deviceType = assertKnownType(request.deviceType);
      if (deviceType.communicationTypes[0] !== 'sigfox')
        throw new AppError('device.network_not_supported', { type: deviceType.name });
      return this.createFromScratch(
        user,
        {
          businessId: request.businessId,
          deviceType: request.deviceType,
          devices: request.devices.map(({ id, pac }) => ({
            networkId: id,
            description: null,
            serialNumber: null,
            pac,
          })),
        },
        'id',
      );
    },

    /**
     * A batch rename (the CSV import, SPEC 5): devices named by uuid, serial number or a network id within the caller's
     * reach get their new description and, with `businessId`, move there by `moveDevices` and its rules. One
     * transaction, each device answered on its own: a device is renamed only when its move is made, and a move
     * refused as a whole (the target, or `moveDevices`) renames nothing.
     */
    async renameAndMove(
      user: UserRow,
      lines: { deviceId: string; description: string }[],
      businessId: string | undefined,
    ): Promise<BulkOutcome[]> {
      return db.transaction().execute(async (trx) => {
        const named = new Map<string, string>();
        for (const { deviceId } of lines) {
          if (named.has(deviceId)) continue;
          const device = await devicesRepo.findReachableByAnyId(user, deviceId, trx);
          if (device) named.set(deviceId, device.id);
        }
        const uuids = [...new Set(named.values())];
        const moveRefused = new Map<string, NonNullable<BulkOutcome['refused']>>();
        if (businessId && uuids.length > 0) {
          for (const outcome of await moveDevices(trx, user, uuids, businessId))
            if (outcome.refused) moveRefused.set(outcome.device, outcome.refused);
        }
        // Read again: a move changes a device's business, the caller's role on it and its version.
        const devices = new Map((await devicesRepo.findManyReachable(user, uuids, trx)).map((row) => [row.id, row]));
        const outcomes: BulkOutcome[] = [];
        for (const { deviceId, description } of lines) {
          const device = devices.get(named.get(deviceId) ?? '');
          if (!device) {
            outcomes.push({ device: deviceId, refused: { code: 'not_found' } });
            continue;
          }
          // A device moved is on a level the caller administers, so it is never refused here once moved.
          const refused =
            moveRefused.get(device.id) ??
            (hasRank(device.role, EDIT_ROLE) ? undefined : { code: 'device.level_denied' });
          if (refused) {
            outcomes.push({ device: deviceId, refused });
            continue;
          }
          if (!(await devicesRepo.updateIfVersion(device.id, device.version, { description }, trx)))
            throw new AppError('conflict');
          devices.set(device.id, { ...device, version: device.version + 1 });
          outcomes.push({ device: deviceId, uuid: device.id });
        }
        return outcomes;
      });
    },

    /** A page of the devices that match, presented in `language` (`DevicePageText`). */
    async page(user: UserRow, filter: DeviceFilter, language: Language): Promise<DevicePageText> {
      const { sort, limit, cursor } = filter;
      return pageText(user, await queryOf(user, filter), { sort, limit, cursor, language });
    },

    /** How the caller's devices (of a business's subtree) split, for charts; "recent" is within 24 hours (SPEC 9). */
    async graph(user: UserRow, businessId: string | undefined) {
      const query = await queryOf(user, businessId ? { businessId } : {});
      const rows = await devicesRepo.split(user, query, now(), now() - RECENT_MS);
      const tally = (key: (row: (typeof rows)[number]) => string) => {
        const counts: Record<string, number> = {};
        for (const row of rows) counts[key(row)] = (counts[key(row)] ?? 0) + row.n;
        return counts;
      };
      const bySeen = tally((row) => row.seen);
      return {
        total: rows.reduce((sum, row) => sum + row.n, 0),
        byType: tally((row) => row.deviceType),
        byCommunication: tally((row) => row.communication),
        byParameterization: tally((row) => row.parametersStatus ?? 'NONE'),
        bySeen: { recent: bySeen.recent ?? 0, stale: bySeen.stale ?? 0, never: bySeen.never ?? 0 },
      };
    },

    /** A page of a business subtree's devices, those added since `fromDate` when given, in description order. */
    async ofBusiness(
      user: UserRow,
      businessId: string,
      options: { fromDate?: Date; freeOnly?: boolean; limit: number; cursor?: string },
      language: Language,
    ): Promise<DevicePageText> {
      const business = await reachableBusiness(user, businessId);
      const query: DeviceQuery = {
        subtreePath: business.path,
        ...(options.fromDate ? { createdFrom: options.fromDate.getTime() } : {}),
        ...(options.freeOnly ? { freeOnly: true } : {}),
      };
      const sort = { by: 'description', order: 'asc' } as const;
      return pageText(user, query, { sort, limit: options.limit, cursor: options.cursor, language });
    },

    /**
     * Those of the listed devices the caller reaches (others are left out, as if they did not exist), and with
     * `assetId` the device linked to that asset when the caller reaches the asset; each with its asset.
     */
    async detailed(user: UserRow, uuids: string[], assetId?: string) {
      const asked = new Set(uuids);
      if (assetId !== undefined) {
        const { reach } = await reachOf(user, db, 'assets.businessPath');
        const linked = await db
          .selectFrom('assets')
          .select('deviceId')
          .where('id', '=', assetId)
          .where(reach ?? sql<boolean>`1 = 1`)
          .executeTakeFirst();
        if (linked?.deviceId) asked.add(linked.deviceId);
      }
      const devices = await withAssets(user, await devicesRepo.findManyReachable(user, [...asked]));
      return withUsageLicenses(devicesRepo, devices, now());
    },

    /**
     * Creates devices each with its own type and network ids, each answered on its own (each in its own transaction:
     * one refused device leaves the others created).
     */
    async createMany(user: UserRow, request: FromListRequest): Promise<BulkOutcome[]> {
      // A business out of reach refuses the call as a whole, as the other creation calls do; past that, each device
      // is answered on its own.
      assertRole((await reachableBusiness(user, request.businessId)).role, MANAGE_ROLE);
      const outcomes: BulkOutcome[] = [];
      for (const [index, device] of request.devices.entries()) {
        const name =
          device.loraEUI ?? device.mac ?? device.sigfoxID ?? device.IMEI ?? device.serialNumber ?? `#${index + 1}`;
        try {
          const created = await this.create(user, { ...device, businessId: request.businessId });
          outcomes.push({ device: name, uuid: created.id });
        } catch (error) {
          if (!(error instanceof AppError) || !isMessageCode(error.code)) throw error;
          outcomes.push({ device: name, refused: { code: error.code, params: error.params } });
        }
      }
      return outcomes;
    },

    async count(user: UserRow, filter: Omit<DeviceFilter, 'sort' | 'limit' | 'cursor'>): Promise<number> {
      return devicesRepo.count(user, await queryOf(user, filter), now());
    },

    /** One reachable device as it is shown. */
    async get(user: UserRow, uuid: string) {
      const device = await devicesRepo.findListed(user, uuid);
      if (!device) throw new AppError('not_found');
      const [presented] = await withUsageLicenses(devicesRepo, [device], now());
      if (!presented) throw new AppError('not_found');
      return presented;
    },

    async create(user: UserRow, request: CreateDeviceRequest) {
      const ids = networkIdsOf(request);
      assertSupportsNetwork(request.deviceType, ids);
      const id = randomUUID();
      await db.transaction().execute(async (trx) => {
        const business = await reachableBusiness(user, request.businessId, trx);
        assertRole(business.role, MANAGE_ROLE);
        const { room, limit } = await plans.roomForDevices(business, trx);
        if (room < 1) throw new AppError('plan.limit_exceeded', { limit });
        await assertNetworkIdsFree(ids, null, trx);
        await assertLicenseOnPath(request.usageLicenseId, business.path, trx);
        await devicesRepo.insert(
          {
            id,
            businessId: business.id,
            businessPath: business.path,
            description: request.description,
            serialNumber: request.serialNumber,
            deviceType: request.deviceType,
            fwVersion: request.fwVersion,
            ...ids,
            communication: communicationType(request),
            usageLicenseId: request.usageLicenseId,
            parametersStatus: null,
            routeDestination: null,
            lastSeenAt: null,
            createdAt: now(),
            version: 1,
          },
          trx,
        );
      });
      const [created] = await withUsageLicenses(devicesRepo, [await reachableDevice(user, id)], now());
      if (!created) throw new AppError('not_found');
      return created;
    },

    /** The fields sent replace the stored ones over the `version` read; a stale version is `conflict`. */
    async update(user: UserRow, request: UpdateDeviceRequest) {
      await db.transaction().execute(async (trx) => {
        const device = await reachableDevice(user, request.uuid, trx);
        assertRole(device.role, EDIT_ROLE);
        const { uuid: _uuid, version, loraEUI, mac, sigfoxID, IMEI, ...fields } = request;
        const changed = networkIdsOf({
          loraEUI: loraEUI === undefined ? device.loraEui : loraEUI,
          mac: mac === undefined ? device.mac : mac,
          sigfoxID: sigfoxID === undefined ? device.sigfoxId : sigfoxID,
          IMEI: IMEI === undefined ? device.imei : IMEI,
        });
        assertSupportsNetwork(device.deviceType, changed);
        await assertNetworkIdsFree(changed, device.id, trx);
        // A license kept as it was stays, even one a move of its level has left off the device's path.
        if (fields.usageLicenseId !== undefined && fields.usageLicenseId !== device.usageLicenseId)
          await assertLicenseOnPath(fields.usageLicenseId, device.businessPath, trx);
        const updated = await devicesRepo.updateIfVersion(
          device.id,
          version,
          {
            ...fields,
            ...changed,
            communication: communicationType({
              loraEUI: changed.loraEui,
              mac: changed.mac,
              sigfoxID: changed.sigfoxId,
              IMEI: changed.imei,
            }),
          },
          trx,
        );
        if (!updated) throw new AppError('conflict');
      });
      const [device] = await withUsageLicenses(
        devicesRepo,
        await withAssets(user, [await reachableDevice(user, request.uuid)]),
        now(),
      );
      if (!device) throw new AppError('not_found');
      return device;
    },

    async delete(user: UserRow, uuid: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const device = await reachableDevice(user, uuid, trx);
        assertRole(device.role, MANAGE_ROLE);
        // Its asset, if any, is left an orphan: the link is closed and said in the asset's business's log.
        const asset = await unlinkDevice(trx, device.id, { userId: user.id, at: now() });
        if (asset)
          await businessesRepo.insertLog(
            {
              businessId: asset.businessId,
              userId: user.id,
              action: 'asset_unlinked',
              details: {
                assetId: asset.id,
                description: asset.description,
                deviceId: device.id,
                device: device.description,
              },
            },
            now(),
            trx,
          );
        await devicesRepo.delete(device, trx);
      });
    },

    /** `moveDevices` in a transaction of its own: all the moves that pass are made together. */
    moveToBusiness: (user: UserRow, uuids: string[], businessId: string, options: { dryRun?: boolean } = {}) =>
      db.transaction().execute((trx) => moveDevices(trx, user, uuids, businessId, options)),

    /**
     * Creates devices of one type from network ids (the creation page and CSV import). The ids are read for the
     * type's first network: a malformed one is bad input, answered at its line (`devices.3.networkId`, or under the
     * name `idField` the caller's request gave it) with what that network's ids look like, and nothing is created.
     * Then each device is answered on its own: its id must be unused (in the database and in the list), the plan
     * must have room.
     */
    async createFromScratch(
      user: UserRow,
      request: FromScratchRequest & { devices: { pac?: string }[] },
      idField = 'networkId',
    ): Promise<BulkOutcome[]> {
      const deviceType = assertKnownType(request.deviceType);
      const network = deviceType.communicationTypes[0] ?? 'wifi';
      const column = NETWORK_ID_COLUMN_OF[network];
      const schema = NETWORK_ID_SCHEMAS[network];
      const malformed: Record<string, Message> = {};
      // Typed as the request's entries, so a PAC list's `pac` stays on them.
      const wellFormed = request.devices.map((entry: (typeof request.devices)[number], index) => {
        const parsed = schema.safeParse(entry.networkId);
        if (!parsed.data) {
          const issue = parsed.error?.issues[0];
          malformed[`devices.${index}.${idField}`] = issue ? issueMessage(issue) : 'validation.required';
        }
        return { entry, networkId: parsed.data ?? '' };
      });
      if (Object.keys(malformed).length > 0) throw new AppError('validation.failed', {}, malformed);
      return db.transaction().execute(async (trx) => {
        const business = await reachableBusiness(user, request.businessId, trx);
        assertRole(business.role, MANAGE_ROLE);
        const capacity = await plans.roomForDevices(business, trx);
        let room = capacity.room;
        const seen = new Set<string>();
        const outcomes: BulkOutcome[] = [];
        for (const { entry, networkId } of wellFormed) {
          if (seen.has(networkId) || (await devicesRepo.holderOfNetworkId({ [column]: networkId }, null, trx))) {
            outcomes.push({
              device: entry.networkId,
              refused: { code: 'device.network_id_taken', params: { networkId } },
            });
            continue;
          }
          if (room < 1) {
            outcomes.push({
              device: entry.networkId,
              refused: { code: 'plan.limit_exceeded', params: { limit: capacity.limit } },
            });
            continue;
          }
          seen.add(networkId);
          room -= 1;
          const id = randomUUID();
          const ids = { loraEui: null, mac: null, sigfoxId: null, imei: null, [column]: networkId };
          await devicesRepo.insert(
            {
              id,
              businessId: business.id,
              businessPath: business.path,
              description: entry.description ?? networkId,
              serialNumber: entry.serialNumber,
              deviceType: deviceType.id,
              fwVersion: null,
              ...ids,
              communication: network,
              usageLicenseId: null,
              parametersStatus: null,
              routeDestination: null,
              lastSeenAt: null,
              sigfoxPac: entry.pac ?? null,
              createdAt: now(),
              version: 1,
            },
            trx,
          );
          outcomes.push({ device: entry.networkId, uuid: id });
        }
        return outcomes;
      });
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
