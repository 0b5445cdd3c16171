import { randomUUID } from 'node:crypto';
import {
  areaBounds,
  type BusinessLogAction,
  type BusinessRole,
  type CreatePlaceGroupRequest,
  type CreatePlaceRequest,
  DEFAULT_ENTER_AFTER_MS,
  DEFAULT_LOST_AFTER_MS,
  hasRank,
  type Place,
  type PlaceArea,
  type PlaceGroup,
  type PlaceGroupList,
  type PlaceListQuery,
  type PlacePage,
  type Role,
  type UpdatePlaceGroupRequest,
  type UpdatePlaceRequest,
} from '@iot/shared';
import type { Transaction } from 'kysely';
import type { Database, DatabaseSchema } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { decodeCursor, encodeCursor, textKeyAndId } from '../../http/page-cursor.js';
import type { BusinessesRepo, BusinessRow } from '../businesses/repo.js';
import type { PlansService } from '../plans/service.js';
import type { UserRow } from '../users/present.js';
import { presentPlace, presentPlaceGroup } from './present.js';
import type { ListedGroupRow, ListedPlaceRow, PlacesRepo } from './repo.js';

type Trx = Transaction<DatabaseSchema>;

/** Viewers and users read places and groups; admins of their level create, edit and delete them. */
const MANAGE_ROLE: BusinessRole = 'admin';

function assertRole(role: Role, needed: BusinessRole) {
  if (!hasRank(role, needed)) throw new AppError('forbidden');
}

/**
 * A polygon whose points all lie on one line encloses nothing: no position could ever be inside it. Twice its signed
 * area in square degrees, by the shoelace formula, is enough to tell (a real place is far above the bound).
 */
function assertArea(area: PlaceArea) {
  if (area.kind !== 'polygon') return;
  let doubled = 0;
  for (const [index, point] of area.points.entries()) {
    const next = area.points[(index + 1) % area.points.length] ?? point;
    doubled += point.lon * next.lat - next.lon * point.lat;
  }
  if (Math.abs(doubled) < 1e-12) throw new AppError('place.area_invalid', {}, { area: 'validation.invalid' });
}

/** The area as stored: its JSON and its bounding box, from which the ingest pipeline builds its spatial index. */
function storedArea(area: PlaceArea) {
  assertArea(area);
  return { area: JSON.stringify(area), ...areaBounds(area) };
}

/**
 * Places (points of interest) and their groups (SPEC sections 3, 4): scoped to the caller's reach in SQL, so another
 * tenant's place, or a level out of reach, is `not_found`; the plan feature `poiSupport` gates every call; every
 * change goes to the activity log of its level and bumps the place revision in the same transaction, so that the
 * ingest pipeline's spatial index is rebuilt with it.
 */
export function createPlacesService({
  db,
  placesRepo,
  businessesRepo,
  plans,
  now = Date.now,
}: {
  db: Database;
  placesRepo: PlacesRepo;
  businessesRepo: BusinessesRepo;
  plans: PlansService;
  now?: () => number;
}) {
  async function assertPlan(node: Pick<BusinessRow, 'path'>, trx?: Trx) {
    if (!(await plans.planOf(node, trx)).features.poiSupport) throw new AppError('plan.unavailable');
  }

  /** A level the caller reaches whose plan has places: every call naming a level starts here. */
  async function placeLevel(user: UserRow, businessId: string, trx?: Trx) {
    const business = await businessesRepo.findReachable(user, businessId, trx);
    if (!business) throw new AppError('not_found');
    await assertPlan(business, trx);
    return business;
  }

  /**
   * The group a place of the level at `path` may be in: one of that level or above it (its groups apply to the
   * levels below), which the caller need not reach; any other is `place.group_not_found`.
   */
  async function groupFor(groupId: string, path: string, trx: Trx) {
    const group = await placesRepo.findGroup(groupId, trx);
    if (!group || !path.startsWith(group.businessPath))
      throw new AppError('place.group_not_found', {}, { groupId: 'validation.invalid' });
    return group;
  }

  function log(
    trx: Trx,
    user: UserRow,
    businessId: string,
    action: BusinessLogAction,
    details: { name: string } & Record<string, unknown>,
  ) {
    return businessesRepo.insertLog({ businessId, userId: user.id, action, details }, now(), trx);
  }

  async function presentedPlaces(user: UserRow, rows: ListedPlaceRow[]): Promise<Place[]> {
    const devices = await placesRepo.devicesNow(
      user,
      rows.map((row) => row.id),
    );
    return rows.map((row) => presentPlace(row, devices.get(row.id) ?? 0));
  }

  async function presentedGroups(rows: ListedGroupRow[]): Promise<PlaceGroup[]> {
    const places = await placesRepo.placesIn(rows.map((row) => row.id));
    return rows.map((row) => presentPlaceGroup(row, places.get(row.id) ?? 0));
  }

  async function reachablePlace(user: UserRow, id: string) {
    const place = await placesRepo.findReachable(user, id);
    if (!place) throw new AppError('not_found');
    return (await presentedPlaces(user, [place]))[0] as Place;
  }

  async function reachableGroup(user: UserRow, id: string) {
    const group = await placesRepo.findGroupReachable(user, id);
    if (!group) throw new AppError('not_found');
    return (await presentedGroups([group]))[0] as PlaceGroup;
  }

  return {
    /** A page of a level subtree's places by name, with how many devices are at each now. */
    async listPlaces(user: UserRow, businessId: string, request: PlaceListQuery): Promise<PlacePage> {
      const business = await placeLevel(user, businessId);
      const rows = await placesRepo.page(
        user,
        {
          subtreePath: business.path,
          ...(request.search ? { search: request.search } : {}),
          ...(request.groupId ? { groupId: request.groupId } : {}),
        },
        { limit: request.limit, after: decodeCursor(request.cursor, textKeyAndId) },
      );
      const last = rows.length > request.limit ? rows[request.limit - 1] : undefined;
      return {
        items: await presentedPlaces(user, rows.slice(0, request.limit)),
        nextCursor: last ? encodeCursor([last.sortKey, last.id]) : null,
      };
    },

    /** A new place in a level the caller administers, optionally in a group of that level or above. */
    async createPlace(user: UserRow, businessId: string, request: CreatePlaceRequest): Promise<Place> {
      const id = randomUUID();
      await db.transaction().execute(async (trx) => {
        const business = await placeLevel(user, businessId, trx);
        assertRole(business.role, MANAGE_ROLE);
        const group = request.groupId ? await groupFor(request.groupId, business.path, trx) : undefined;
        const time = now();
        await placesRepo.insertPlace(
          {
            id,
            businessId: business.id,
            businessPath: business.path,
            name: request.name,
            groupId: group?.id ?? null,
            ...storedArea(request.area),
            createdAt: time,
            updatedAt: time,
            version: 1,
          },
          trx,
        );
        await log(trx, user, business.id, 'place_created', { placeId: id, name: request.name });
        await placesRepo.bumpRevision(trx);
      });
      return reachablePlace(user, id);
    },

    /** Edits a place of the level's subtree over the `version` read (409 when stale); absent parts stay. */
    async updatePlace(user: UserRow, businessId: string, placeId: string, request: UpdatePlaceRequest): Promise<Place> {
      await db.transaction().execute(async (trx) => {
        const business = await placeLevel(user, businessId, trx);
        const place = await placesRepo.findInSubtree(user, placeId, business.path, trx);
        if (!place) throw new AppError('not_found');
        assertRole(place.role, MANAGE_ROLE);
        const group = request.groupId ? await groupFor(request.groupId, place.businessPath, trx) : undefined;
        const updated = await placesRepo.updatePlaceIfVersion(
          place.id,
          request.version,
          {
            ...(request.name !== undefined ? { name: request.name } : {}),
            ...(request.area !== undefined ? storedArea(request.area) : {}),
            ...(request.groupId !== undefined ? { groupId: group?.id ?? null } : {}),
            updatedAt: now(),
          },
          trx,
        );
        if (!updated) throw new AppError('conflict');
        await log(trx, user, place.businessId, 'place_updated', {
          placeId: place.id,
          name: request.name ?? place.name,
          ...(request.name !== undefined && request.name !== place.name ? { from: place.name } : {}),
        });
        await placesRepo.bumpRevision(trx);
      });
      return reachablePlace(user, placeId);
    },

    /**
     * Deletes a place of the level's subtree over the `version` read. The devices at it are at no place any more:
     * the pipeline would only find that out at their next position (a parked device may send none for hours), and
     * until then they would be counted at a place that does not exist. They are at an unknown location from now, the
     * state of a device outside every place that is not known to move; their next position says whether they move.
     * Their history of states keeps its rows, which name the place.
     */
    async deletePlace(user: UserRow, businessId: string, placeId: string, version: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const business = await placeLevel(user, businessId, trx);
        const place = await placesRepo.findInSubtree(user, placeId, business.path, trx);
        if (!place) throw new AppError('not_found');
        assertRole(place.role, MANAGE_ROLE);
        if (!(await placesRepo.deletePlaceIfVersion(place.id, version, now(), trx))) throw new AppError('conflict');
        await log(trx, user, place.businessId, 'place_deleted', { placeId: place.id, name: place.name });
        await placesRepo.bumpRevision(trx);
      });
    },

    /** A level subtree's groups by name, with how many places each has. */
    async listGroups(user: UserRow, businessId: string): Promise<PlaceGroupList> {
      const business = await placeLevel(user, businessId);
      return { items: await presentedGroups(await placesRepo.groups(user, business.path)) };
    },

    /** A new group in a level the caller administers; timings not given take the defaults. */
    async createGroup(user: UserRow, businessId: string, request: CreatePlaceGroupRequest): Promise<PlaceGroup> {
      const id = randomUUID();
      await db.transaction().execute(async (trx) => {
        const business = await placeLevel(user, businessId, trx);
        assertRole(business.role, MANAGE_ROLE);
        const time = now();
        await placesRepo.insertGroup(
          {
            id,
            businessId: business.id,
            businessPath: business.path,
            name: request.name,
            forbidden: request.forbidden ? 1 : 0,
            enterAfterMs: request.enterAfterMs ?? DEFAULT_ENTER_AFTER_MS,
            lostAfterMs: request.lostAfterMs ?? DEFAULT_LOST_AFTER_MS,
            createdAt: time,
            updatedAt: time,
            version: 1,
          },
          trx,
        );
        await log(trx, user, business.id, 'place_group_created', { groupId: id, name: request.name });
        await placesRepo.bumpRevision(trx);
      });
      return reachableGroup(user, id);
    },

    /** Edits a group of the level's subtree over the `version` read (409 when stale); absent parts stay. */
    async updateGroup(
      user: UserRow,
      businessId: string,
      groupId: string,
      request: UpdatePlaceGroupRequest,
    ): Promise<PlaceGroup> {
      await db.transaction().execute(async (trx) => {
        const business = await placeLevel(user, businessId, trx);
        const group = await placesRepo.findGroupInSubtree(user, groupId, business.path, trx);
        if (!group) throw new AppError('not_found');
        assertRole(group.role, MANAGE_ROLE);
        const updated = await placesRepo.updateGroupIfVersion(
          group.id,
          request.version,
          {
            ...(request.name !== undefined ? { name: request.name } : {}),
            ...(request.forbidden !== undefined ? { forbidden: request.forbidden ? 1 : 0 } : {}),
            ...(request.enterAfterMs !== undefined ? { enterAfterMs: request.enterAfterMs } : {}),
            ...(request.lostAfterMs !== undefined ? { lostAfterMs: request.lostAfterMs } : {}),
            updatedAt: now(),
          },
          trx,
        );
        if (!updated) throw new AppError('conflict');
        await log(trx, user, group.businessId, 'place_group_updated', {
          groupId: group.id,
          name: request.name ?? group.name,
          ...(request.name !== undefined && request.name !== group.name ? { from: group.name } : {}),
        });
        await placesRepo.bumpRevision(trx);
      });
      return reachableGroup(user, groupId);
    },

    /** Deletes a group of the level's subtree over the `version` read; one that still has places is refused. */
    async deleteGroup(user: UserRow, businessId: string, groupId: string, version: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const business = await placeLevel(user, businessId, trx);
        const group = await placesRepo.findGroupInSubtree(user, groupId, business.path, trx);
        if (!group) throw new AppError('not_found');
        assertRole(group.role, MANAGE_ROLE);
        const places = (await placesRepo.placesIn([group.id], trx)).get(group.id) ?? 0;
        if (places > 0) throw new AppError('place_group.in_use', { count: places });
        if (!(await placesRepo.deleteGroupIfVersion(group.id, version, trx))) throw new AppError('conflict');
        await log(trx, user, group.businessId, 'place_group_deleted', { groupId: group.id, name: group.name });
        await placesRepo.bumpRevision(trx);
      });
    },

    /**
     * A page of the devices the caller reaches that are at a reachable place now, by description, as the JSON text of
     * `PlaceDevicePage` (made where it is read: `placeDevicePageAnswer`). The page says the place's level, on which
     * the caller's reach is tested in memory; only an empty page costs a read of the place. A page of a place the
     * caller may not see is dropped unanswered.
     */
    async devicesAt(user: UserRow, placeId: string, request: { limit: number; cursor?: string | undefined }) {
      const { items, next, placePath } = await placesRepo.devicesAt(user, placeId, {
        limit: request.limit,
        after: decodeCursor(request.cursor, textKeyAndId),
      });
      const path =
        placePath !== null && (await placesRepo.reachesPath(user, placePath))
          ? placePath
          : await placesRepo.reachablePath(user, placeId);
      if (path === undefined) throw new AppError('not_found');
      await assertPlan({ path });
      return `{"items":${items},"nextCursor":${JSON.stringify(next ? encodeCursor(next) : null)}}`;
    },
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;
