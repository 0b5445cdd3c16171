import { randomUUID } from 'node:crypto';
import {
  type BusinessRole,
  type CreateJourneyRequest,
  hasRank,
  JOURNEY_ACTIONS,
  JOURNEY_CREATED,
  type Journey,
  type JourneyAction,
  type JourneyActionRequest,
  type JourneyDetail,
  type JourneyListQuery,
  type JourneyPage,
  type JourneyState,
  type JourneyTransition,
  journeyActionsOf,
  type Language,
  nextJourneyState,
  type Role,
} from '@iot/shared';
import type { Transaction } from 'kysely';
import type { Database, DatabaseSchema } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { decodeCursor, encodeCursor, keyAndId } from '../../http/page-cursor.js';
import { createAlarmsRepo } from '../alarms/repo.js';
import type { BusinessesRepo } from '../businesses/repo.js';
import type { DevicesRepo } from '../devices/repo.js';
import type { NotificationsService } from '../notifications/service.js';
import type { PlansService } from '../plans/service.js';
import type { UserRow } from '../users/present.js';
import { journeyCsv } from './csv.js';
import { presentJourney, presentJourneyDetail } from './present.js';
import { emptyJourneySummary, interruptJourney, parseJourneySummary, presentJourneySummary } from './progress.js';
import {
  createJourneysRepo,
  isUniqueViolation,
  type JourneyQuery,
  type JourneyRow,
  type ListedJourneyRow,
} from './repo.js';

type Trx = Transaction<DatabaseSchema>;

/** Viewers read journeys; users and above create them and act on them (SPEC 6: users operate, viewers look). */
const ACT_ROLE: BusinessRole = 'user';

const NO_ACTIONS = Object.fromEntries(JOURNEY_ACTIONS.map((action) => [action, false])) as Record<
  JourneyAction,
  boolean
>;

/** A journey page resumes after a creation time (epoch ms) and id. */
const journeyPosition = keyAndId((createdAt): createdAt is number => Number.isSafeInteger(createdAt));

/** Who changed a journey, when, and why (the comment its history keeps). */
export interface JourneyChange {
  userId: string | null;
  at: number;
  comment: string;
}

/**
 * One transition of a journey, locked and read as it is now (`lockForAction`): its state and version move, its
 * history and its business's activity log say so, a closed journey keeps its summary as at its end, and the device
 * carries the journey only while it runs (the ingest pipeline advances the journey named on the device's row).
 */
async function applyTransition(
  trx: Trx,
  repo: ReturnType<typeof createJourneysRepo>,
  businessesRepo: BusinessesRepo,
  journey: JourneyRow,
  step: { state: JourneyState; transition: JourneyTransition },
  change: JourneyChange,
): Promise<boolean> {
  const closing = step.state === 'finished' || step.state === 'cancelled';
  const stopsTaking = journey.state === 'running' && step.state !== 'running';
  const updated = await repo.updateIfVersion(
    journey.id,
    journey.version,
    {
      state: step.state,
      updatedAt: change.at,
      ...(closing ? { endedAt: change.at } : {}),
      ...(stopsTaking
        ? { summary: JSON.stringify(interruptJourney(parseJourneySummary(journey.summary), change.at)) }
        : {}),
      ...(step.transition === 'comment' ? { comment: change.comment } : {}),
    },
    trx,
  );
  if (!updated) return false;
  if (step.state !== journey.state)
    await repo.setDeviceJourney(journey.deviceId, step.state === 'running' ? journey.id : null, trx);
  await repo.appendHistory(
    {
      journeyId: journey.id,
      transition: step.transition,
      userId: change.userId,
      comment: change.comment,
      date: change.at,
    },
    trx,
  );
  await businessesRepo.insertLog(
    {
      businessId: journey.businessId,
      userId: change.userId,
      action: 'journey_changed',
      details: { journeyId: journey.id, description: journey.description, transition: step.transition },
    },
    change.at,
    trx,
  );
  return true;
}

/**
 * Finishes the running and paused journeys of these devices in the caller's transaction (an asset's move: SPEC 4,
 * "moving an asset finalises its devices' journeys"), each with the change's user and comment. Answers those it
 * finished, for the caller to tell their levels' users once committed (`notifyFinished`).
 */
export async function finishJourneysOfDevices(
  trx: Trx,
  businessesRepo: BusinessesRepo,
  deviceIds: readonly string[],
  change: JourneyChange,
): Promise<ListedJourneyRow[]> {
  const repo = createJourneysRepo(trx);
  const finished: ListedJourneyRow[] = [];
  for (const journey of await repo.openOfDevices(deviceIds, trx)) {
    const step = nextJourneyState(journey.state, 'finalize');
    if (step.ok && (await applyTransition(trx, repo, businessesRepo, journey, step, change))) finished.push(journey);
  }
  return finished;
}

/** How many running or paused journeys these devices are in: what an asset move's warning says it will finish. */
export const countOpenJourneys = (trx: Trx, deviceIds: readonly string[]) =>
  createJourneysRepo(trx).countOpen(deviceIds, trx);

/**
 * Journeys (SPEC sections 3, 4, 8): scoped to the caller's reach by the journey's level (another tenant's journey is
 * `not_found`); `journeyVisible` in the level's plan shows them, `journeyUnlocked` lets users create and act on them;
 * the state machine of `@iot/shared` decides every action; every change goes to the level's activity log.
 */
export function createJourneysService({
  db,
  businessesRepo,
  devicesRepo,
  plans,
  notifications,
  log,
  now = Date.now,
}: {
  db: Database;
  businessesRepo: BusinessesRepo;
  devicesRepo: DevicesRepo;
  plans: PlansService;
  notifications: NotificationsService;
  log: { error(object: unknown, message: string): void };
  now?: () => number;
}) {
  const repo = createJourneysRepo(db);

  /** The plan's journey features of a level: `journeyVisible` to read, else `plan.unavailable`. */
  async function featuresOf(path: string, trx?: Trx) {
    const { features } = await plans.planOf({ path }, trx);
    if (!features.journeyVisible) throw new AppError('plan.unavailable');
    return features;
  }

  async function assertUnlocked(path: string, trx?: Trx) {
    if (!(await featuresOf(path, trx)).journeyUnlocked) throw new AppError('plan.unavailable');
  }

  /** The journeys presented, each with the actions its state allows and the caller may take there. */
  async function presented(rows: (ListedJourneyRow & { role: Role })[]): Promise<Journey[]> {
    const unlocked = new Map<string, boolean>();
    for (const path of new Set(rows.map((row) => row.businessPath)))
      unlocked.set(path, (await plans.planOf({ path })).features.journeyUnlocked);
    const at = now();
    return rows.map((row) =>
      presentJourney(
        row,
        hasRank(row.role, ACT_ROLE) && unlocked.get(row.businessPath) ? journeyActionsOf(row.state) : NO_ACTIONS,
        at,
      ),
    );
  }

  async function reachableJourney(user: UserRow, id: string) {
    const journey = await repo.findReachable(user, id);
    if (!journey) throw new AppError('not_found');
    return journey;
  }

  async function pageOf(user: UserRow, query: JourneyQuery, request: JourneyListQuery): Promise<JourneyPage> {
    const after = decodeCursor(request.cursor, journeyPosition);
    const { rows, hasNext } = await repo.page(user, query, after, request.limit);
    const last = rows.at(-1);
    return {
      items: await presented(rows),
      nextCursor: hasNext && last ? encodeCursor([last.createdAt, last.id]) : null,
    };
  }

  const filtersOf = (request: JourneyListQuery): JourneyQuery => ({
    ...(request.state ? { states: request.state } : {}),
    ...(request.deviceUUID ? { deviceId: request.deviceUUID } : {}),
  });

  /** Tells the level's users (but the one who did it) that a journey finished; a failure is logged, never answered. */
  async function notifyFinished(journey: ListedJourneyRow, userId: string | null) {
    try {
      const readers = await createAlarmsRepo(db).usersSeeing(journey.businessPath, db);
      await notifications.notify(
        readers.filter((reader) => reader !== userId),
        {
          code: 'notification.journey_finished',
          params: { journey: journey.description, vehicle: journey.deviceDescription },
        },
        { source: `journey:${journey.id}:finished` },
      );
    } catch (error) {
      log.error({ err: error, journeyId: journey.id }, 'journey finished: users not notified');
    }
  }

  /** One journey with its history (oldest first) and its track. */
  async function detail(user: UserRow, id: string): Promise<JourneyDetail> {
    const journey = await reachableJourney(user, id);
    await featuresOf(journey.businessPath);
    const [[presentedJourney], history, track] = await Promise.all([
      presented([journey]),
      repo.history(journey.id),
      repo.points(journey.id),
    ]);
    return presentJourneyDetail(presentedJourney as Journey, history, track);
  }

  return {
    notifyFinished,

    /** A keyset page of a level subtree's journeys, newest first, by state and device. */
    async list(user: UserRow, businessId: string, request: JourneyListQuery): Promise<JourneyPage> {
      const business = await businessesRepo.findReachable(user, businessId);
      if (!business) throw new AppError('not_found');
      await featuresOf(business.path);
      return pageOf(user, { subtreePath: business.path, ...filtersOf(request) }, request);
    },

    /** A keyset page of a reachable device's journeys that the caller reaches, newest first. */
    async listOfDevice(user: UserRow, uuid: string, request: JourneyListQuery): Promise<JourneyPage> {
      const device = await devicesRepo.findReachable(user, uuid);
      if (!device) throw new AppError('not_found');
      await featuresOf(device.businessPath);
      return pageOf(user, { ...filtersOf(request), deviceId: device.id }, request);
    },

    get: detail,

    /**
     * A running journey of a device of the level's subtree that the caller reaches (`journey.device_not_found`),
     * which must be in no other running or paused journey (`journey.device_busy`).
     */
    async create(user: UserRow, businessId: string, request: CreateJourneyRequest): Promise<JourneyDetail> {
      const id = randomUUID();
      try {
        await db.transaction().execute(async (trx) => {
          const business = await businessesRepo.findReachable(user, businessId, trx);
          if (!business) throw new AppError('not_found');
          await assertUnlocked(business.path, trx);
          if (!hasRank(business.role, ACT_ROLE)) throw new AppError('forbidden');
          const device = await repo.deviceForJourney(user, request.deviceUUID, business.path, trx);
          if (!device) throw new AppError('journey.device_not_found', { device: request.deviceUUID });
          if ((await repo.countOpen([device.id], trx)) > 0) throw new AppError('journey.device_busy');
          const at = now();
          await repo.insert(
            {
              id,
              businessId: business.id,
              businessPath: business.path,
              deviceId: device.id,
              description: request.description,
              comment: request.comment,
              state: JOURNEY_CREATED.state,
              summary: JSON.stringify(emptyJourneySummary(at)),
              createdAt: at,
              updatedAt: at,
              endedAt: null,
              version: 1,
            },
            trx,
          );
          await repo.setDeviceJourney(device.id, id, trx);
          await repo.appendHistory(
            {
              journeyId: id,
              transition: JOURNEY_CREATED.transition,
              userId: user.id,
              comment: request.comment,
              date: at,
            },
            trx,
          );
          await businessesRepo.insertLog(
            {
              businessId: business.id,
              userId: user.id,
              action: 'journey_created',
              details: { journeyId: id, description: request.description, device: device.description },
            },
            at,
            trx,
          );
        });
      } catch (error) {
        // Two creates for one device at once: the index of open journeys lets one in (`journeys_open_device`).
        if (isUniqueViolation(error)) throw new AppError('journey.device_busy');
        throw error;
      }
      return detail(user, id);
    },

    /**
     * An action on a journey over the `version` read (409 when stale), as the state machine allows it; a comment is
     * required to comment. Finishing tells the level's users.
     */
    async act(user: UserRow, id: string, action: JourneyAction, request: JourneyActionRequest): Promise<JourneyDetail> {
      if (action === 'comment' && request.comment === '')
        throw new AppError('journey.comment_required', {}, { comment: 'journey.comment_required' });
      const reached = await reachableJourney(user, id);
      await assertUnlocked(reached.businessPath);
      if (!hasRank(reached.role, ACT_ROLE)) throw new AppError('forbidden');
      const finished = await db.transaction().execute(async (trx) => {
        const journey = await repo.lockForAction(reached.id, reached.deviceId, trx);
        if (!journey || journey.version !== request.version) throw new AppError('conflict');
        const step = nextJourneyState(journey.state, action);
        if (!step.ok) throw new AppError(step.error);
        const change = { userId: user.id, at: now(), comment: request.comment };
        if (!(await applyTransition(trx, repo, businessesRepo, journey, step, change))) throw new AppError('conflict');
        return step.transition === 'finished';
      });
      if (finished) await notifyFinished(reached, user.id);
      return detail(user, id);
    },

    /** A journey's legs and stops as CSV (`journeyCsv`), its header in the caller's language. */
    async exportCsv(user: UserRow, id: string, language: Language): Promise<string> {
      const journey = await reachableJourney(user, id);
      await featuresOf(journey.businessPath);
      const summary = presentJourneySummary(parseJourneySummary(journey.summary), journey.endedAt ?? now());
      return journeyCsv(summary, language);
    },
  };
}

export type JourneysService = ReturnType<typeof createJourneysService>;
