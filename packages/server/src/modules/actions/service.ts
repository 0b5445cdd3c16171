import { randomUUID } from 'node:crypto';
import {
  type BusinessActions,
  type GeotabCredentials,
  hasRank,
  type Message,
  planAllowsAction,
  type StoredAction,
  type TestActionCallbackRequest,
  type TestActionCallbackResponse,
  type UpdateBusinessActionsRequest,
  type z,
} from '@iot/shared';
import { type GeotabClient, GeotabError } from '../../adapters/geotab/geotab-client.js';
import { AddressNotAllowedError, type CallbackSender } from '../../adapters/http-callback/callback-sender.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { type BusinessesRepo, isReaching } from '../businesses/repo.js';
import type { PlansService } from '../plans/service.js';
import type { UserRow } from '../users/present.js';
import { sampleActionEvent } from './action-event.js';
import { effectiveActions, parseActions } from './effective-actions.js';
import { type ActionsRepo, FOLLOWS_PARENT } from './repo.js';

/** Who may see and change a business's actions: they send its data to third parties. */
const MANAGE_ROLE = 'admin';

/** Shown as `inheritedFrom` when no business up the tree has a list. */
const DEFAULT_OWNER = { id: 'default', description: 'default' };

const isoOrNull = (time: number | null | undefined) => (time ? new Date(time).toISOString() : null);

/** `GET/PUT /customer-business/{id}/actions`, the callback test and the Geotab credentials check. */
export function createActionsService({
  db,
  actionsRepo,
  businessesRepo,
  plans,
  callbacks,
  geotab,
  now = Date.now,
}: {
  db: Database;
  actionsRepo: ActionsRepo;
  businessesRepo: BusinessesRepo;
  plans: PlansService;
  callbacks: CallbackSender;
  geotab: GeotabClient;
  now?: () => number;
}) {
  async function managedBusiness(
    user: UserRow,
    businessId: string,
    trx: Parameters<BusinessesRepo['findReachable']>[2] = db,
  ) {
    const business = await businessesRepo.findReachable(user, businessId, trx);
    if (!business) throw new AppError('not_found');
    if (!hasRank(business.role, MANAGE_ROLE)) throw new AppError('forbidden');
    return business;
  }

  /**
   * Push (internet, SMS, WhatsApp) and voice actions reach only users who can see the business: any other user id is
   * a field error, so one tenant's alarms never land on another tenant's users.
   */
  async function assertRecipientsSee(
    node: { id: string },
    actions: NonNullable<UpdateBusinessActionsRequest['actions']>,
    trx: Parameters<BusinessesRepo['effectiveRolesAt']>[2],
  ) {
    const userIdsOf = (action: (typeof actions)[number]) =>
      action.type === 'push' ? action.push.userIds : action.type === 'voice' ? action.voice.userIds : [];
    const named = [...new Set(actions.flatMap(userIdsOf))];
    const seeing = new Set(
      (await businessesRepo.effectiveRolesAt(node.id, named, trx))
        .filter((user) => isReaching(user.role))
        .map((user) => user.id),
    );
    const fields: Record<string, Message> = {};
    actions.forEach((action, index) => {
      userIdsOf(action).forEach((userId, position) => {
        if (!seeing.has(userId))
          fields[`actions.${index}.${action.type}.userIds.${position}`] = 'validation.user_no_access';
      });
    });
    if (Object.keys(fields).length > 0) throw new AppError('validation.failed', {}, fields);
  }

  async function present(business: { id: string; path: string }): Promise<BusinessActions> {
    const { actions, owner, ownVersion } = effectiveActions(await actionsRepo.listsOnPath(business.path));
    const statuses = new Map(
      (await actionsRepo.statusesOf(actions.map((action) => action.id))).map((status) => [status.actionId, status]),
    );
    return {
      businessId: business.id,
      inheritedFrom: owner === null ? DEFAULT_OWNER : owner.id === business.id ? null : owner,
      actions: actions.map((action) => {
        const status = statuses.get(action.id);
        return {
          ...action,
          status: {
            lastRunAt: isoOrNull(status?.lastRunAt),
            lastError: status?.lastError ?? null,
            lastNotice: status?.lastNotice ?? null,
          },
        };
      }),
      version: ownVersion,
    };
  }

  return {
    async get(user: UserRow, businessId: string): Promise<BusinessActions> {
      return present(await managedBusiness(user, businessId));
    },

    /**
     * Replaces the business's own list (null: follow the parent again). An action sent with the id of one of the
     * business's own actions keeps it, and with it its status; any other gets a new id, so a copied or made-up id
     * never takes over another action's status.
     */
    async update(user: UserRow, businessId: string, request: UpdateBusinessActionsRequest): Promise<BusinessActions> {
      const business = await db.transaction().execute(async (trx) => {
        const node = await managedBusiness(user, businessId, trx);
        let stored = FOLLOWS_PARENT;
        if (request.actions !== null) {
          const own = (await actionsRepo.listsOnPath(node.path, trx))[0];
          const ownIds = new Set(
            own?.actions && own.actions !== FOLLOWS_PARENT ? parseActions(own.actions).map((action) => action.id) : [],
          );
          await assertRecipientsSee(node, request.actions, trx);
          const { features } = await plans.planOf(node, trx);
          if (!request.actions.every((action) => planAllowsAction(action, features)))
            throw new AppError('plan.unavailable');
          const actions: StoredAction[] = request.actions.map((action) => ({
            ...action,
            id: action.id && ownIds.has(action.id) ? action.id : randomUUID(),
          }));
          stored = JSON.stringify(actions);
        }
        if (!(await actionsRepo.saveList(node.id, request.version, stored, now(), trx))) throw new AppError('conflict');
        const details = { section: 'actions', actions: request.actions?.map((action) => action.type) ?? null };
        await businessesRepo.insertLog(
          { businessId: node.id, userId: user.id, action: 'config_changed', details },
          now(),
          trx,
        );
        return node;
      });
      return present(business);
    },

    /** Sends a sample event to a callback target and reports how the receiver answered. */
    async testCallback(
      user: UserRow,
      request: z.infer<typeof TestActionCallbackRequest>,
    ): Promise<TestActionCallbackResponse> {
      const node = await managedBusiness(user, request.businessId);
      if (!(await plans.planOf(node)).features.thirdyPartyIntegration) throw new AppError('plan.unavailable');
      try {
        return await callbacks.send(
          { url: request.url, auth: request.auth },
          sampleActionEvent(request.businessId, now()),
        );
      } catch (error) {
        if (error instanceof AddressNotAllowedError) {
          throw new AppError('action.callback_address_not_allowed', { host: error.host });
        }
        throw error;
      }
    },

    /** Signs in to Geotab and uses the session once, so both the password and the session are known to work. */
    async checkGeotab(credentials: GeotabCredentials): Promise<{ ok: true }> {
      try {
        const session = await geotab.authenticate(credentials);
        await geotab.callWith(session, 'Get', { typeName: 'User', search: { name: session.credentials.userName } });
        return { ok: true };
      } catch (error) {
        if (error instanceof GeotabError) throw new AppError(error.code);
        throw error;
      }
    },
  };
}

export type ActionsService = ReturnType<typeof createActionsService>;
