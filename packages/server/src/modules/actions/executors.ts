import {
  acceptsCallsAt,
  CallReception,
  type CreditChannel,
  creditChannelName,
  DEFAULT_CALL_RECEPTION,
  DEFAULT_LANGUAGE,
  emailAddressesOf,
  type Language,
  type StoredAction,
  translate,
} from '@iot/shared';
import type { GeotabClient } from '../../adapters/geotab/geotab-client.js';
import type { CallbackSender } from '../../adapters/http-callback/callback-sender.js';
import { escapeHtml } from '../../adapters/mail/escape-html.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { MessagingClient } from '../../adapters/messaging/messaging-client.js';
import { isReaching } from '../businesses/repo.js';
import type { CreditsService } from '../credits/service.js';
import { conditionEventSource } from '../notifications/alarm-notifications.js';
import type { NotificationsService } from '../notifications/service.js';
import {
  type ActionEvent,
  conditionParams,
  describeEvent,
  type JobEvent,
  type Reader,
  UNKNOWN_READER,
} from './action-event.js';
import { parseActions } from './effective-actions.js';
import { type ActionsRepo, FOLLOWS_PARENT } from './repo.js';

/** Said in the action's status when users it named no longer exist and were taken off its list. */
export const USER_REMOVED_NOTICE = 'user removed from list';
/**
 * Said in the action's status, with their addresses, when users it names cannot see the device's business (any
 * more): they are skipped, not taken off the list, so they are reached again once their access is back.
 */
export const USER_WITHOUT_ACCESS_NOTICE = 'skipped users without access to the business';

/**
 * A failed execution, with the recipients it did reach (a retry skips them); `retry` false when retrying cannot help
 * (every failure was a send the contract's credits refused: credits come back with a new period or a purchase, not
 * within the retries' minutes).
 */
export class ActionFailure extends Error {
  constructor(
    message: string,
    readonly delivered: string[],
    readonly retry = true,
  ) {
    super(message);
    this.name = 'ActionFailure';
  }
}

/** A send the governing contract's credits refused. */
class CreditRefusal extends Error {}

/** One job to execute: the action, the edge, and the business whose list holds the action. */
export interface ActionRun {
  action: StoredAction;
  event: JobEvent;
  ownerId: string;
  at: number;
}

export type ActionExecutor = (run: ActionRun) => Promise<{ notice: string | null }>;

type Recipient = { key: string; send: () => Promise<void> };

function callReceptionOf(json: string) {
  const parsed = CallReception.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : DEFAULT_CALL_RECEPTION;
}

/**
 * Sends to every recipient not reached before; failures do not stop the others. Throws `ActionFailure` (listing
 * who was reached, earlier attempts included) when any failed.
 */
async function reachAll(recipients: Recipient[], event: JobEvent): Promise<void> {
  const delivered = new Set(event.delivered ?? []);
  const errors: string[] = [];
  let refusals = 0;
  for (const recipient of recipients) {
    if (delivered.has(recipient.key)) continue;
    try {
      await recipient.send();
      delivered.add(recipient.key);
    } catch (error) {
      if (error instanceof CreditRefusal) refusals += 1;
      errors.push(error instanceof Error ? error.message : String(error));
    }
  }
  if (errors.length > 0) throw new ActionFailure(errors.join('; '), [...delivered], refusals < errors.length);
}

/** Runs each action type through its adapter (SPEC 9 "Action types"). */
export function createActionExecutors(deps: {
  actionsRepo: ActionsRepo;
  callbacks: CallbackSender;
  mailer: Mailer;
  notifications: Pick<NotificationsService, 'notify'>;
  messaging: MessagingClient;
  geotab: GeotabClient;
  credits: Pick<CreditsService, 'charge' | 'refund'>;
}): ActionExecutor {
  const { actionsRepo } = deps;

  /**
   * The users an action names who still exist and can see the device's business. Those gone are taken off the stored
   * list (the action keeps its id); those without access are skipped; the status notice says both.
   */
  async function recipientUsers(run: ActionRun, userIds: string[]) {
    const existing = await actionsRepo.usersByIds(userIds, run.event.businessId);
    const missing = userIds.filter((id) => !existing.some((user) => user.id === id));
    if (missing.length > 0) await removeUsers(run.ownerId, run.action.id, missing, run.at);
    const users = existing.filter((user) => isReaching(user.roleThere));
    const withoutAccess = existing.filter((user) => !isReaching(user.roleThere)).map((user) => user.email);
    const notices = [
      ...(missing.length > 0 ? [USER_REMOVED_NOTICE] : []),
      ...(withoutAccess.length > 0 ? [`${USER_WITHOUT_ACCESS_NOTICE}: ${withoutAccess.join(', ')}`] : []),
    ];
    return { users, notice: notices.length > 0 ? notices.join('; ') : null };
  }

  async function removeUsers(ownerId: string, actionId: string, missing: string[], at: number) {
    // A concurrent edit of the list wins; the next execution tries again.
    const row = await actionsRepo.ownList(ownerId);
    if (!row || row.actions === FOLLOWS_PARENT) return;
    const actions = parseActions(row.actions).map((action) => {
      if (action.id !== actionId) return action;
      if (action.type === 'push') {
        return {
          ...action,
          push: { ...action.push, userIds: action.push.userIds.filter((id) => !missing.includes(id)) },
        };
      }
      if (action.type === 'voice') {
        return {
          ...action,
          voice: { ...action.voice, userIds: action.voice.userIds.filter((id) => !missing.includes(id)) },
        };
      }
      return action;
    });
    await actionsRepo.saveList(ownerId, row.version, JSON.stringify(actions), at);
  }

  /**
   * Users who may see the device, by address with their language and timezone: the deepest entry on its business's
   * path decides, as reach does.
   */
  async function usersSeeing(event: ActionEvent): Promise<Map<string, Reader>> {
    const businessPath = await actionsRepo.businessPathOf(event.businessId);
    if (!businessPath) return new Map();
    type Entry = Awaited<ReturnType<ActionsRepo['entriesOnPath']>>[number];
    const deepest = new Map<string, Entry>();
    for (const entry of await actionsRepo.entriesOnPath(businessPath)) {
      const known = deepest.get(entry.userId);
      if (!known || entry.depth > known.depth) deepest.set(entry.userId, entry);
    }
    return new Map(
      [...deepest.values()]
        .filter((entry) => isReaching(entry.role))
        .map(({ email, language, timezone }) => [email, { language, timezone }]),
    );
  }

  /** Typed addresses, each read in the language of the user it belongs to, if any (the product's otherwise). */
  async function addressReaders(addresses: string[]): Promise<Map<string, Reader>> {
    const users = new Map(
      (await actionsRepo.usersByEmails(addresses)).map(({ email, ...reader }) => [email.toLowerCase(), reader]),
    );
    return new Map(addresses.map((address) => [address, users.get(address.toLowerCase()) ?? UNKNOWN_READER]));
  }

  type UserRow = Awaited<ReturnType<ActionsRepo['usersByIds']>>[number];

  /**
   * Sends on `channel` paid with credits (SPEC section 9): charged to the contract governing the device's business
   * just before the send, given back if the send fails; refused at the limit (`CreditRefusal`).
   */
  async function charged(
    event: ActionEvent,
    at: number,
    channel: Exclude<CreditChannel, 'report'>,
    send: () => Promise<void>,
  ): Promise<void> {
    const businessPath = await actionsRepo.businessPathOf(event.businessId);
    if (!businessPath) return send();
    const charge = await deps.credits.charge({
      channel,
      businessPath,
      deviceId: event.deviceUUID,
      deviceName: event.deviceDescription || event.deviceUUID,
      at,
    });
    if (charge.outcome === 'refused') {
      // The action's status is read by whoever manages the list: in the product's language, as Geotab's texts are.
      throw new CreditRefusal(
        translate('contract.credit_limit_reached', DEFAULT_LANGUAGE, {
          channel: creditChannelName(channel, DEFAULT_LANGUAGE),
        }),
      );
    }
    try {
      await send();
    } catch (error) {
      await deps.credits.refund(charge);
      throw error;
    }
  }

  /**
   * Who gets a text or a call on `channel` now: users with a phone who (for calls and SMS) take them at `at`; each
   * send is paid with credits.
   */
  function phoneRecipients(
    event: ActionEvent,
    users: UserRow[],
    at: number,
    channel: Exclude<CreditChannel, 'report'>,
    send: (phone: string, text: string, language: Language) => Promise<void>,
  ): Recipient[] {
    return users.flatMap((user) => {
      const phone = user.phone.trim();
      if (!phone) return [];
      const reception = {
        callReception: callReceptionOf(user.callReception),
        periodOffWork: user.offWorkFrom && user.offWorkTo ? { from: user.offWorkFrom, to: user.offWorkTo } : null,
        timezone: user.timezone,
      };
      // Calls and SMS respect each user's reception hours and time off (SPEC: user "call reception").
      if (channel !== 'whatsapp' && !acceptsCallsAt(reception, at)) return [];
      return [
        {
          key: `${channel}:${user.id}`,
          send: () => charged(event, at, channel, () => send(phone, describeEvent(event, user).body, user.language)),
        },
      ];
    });
  }

  return async (run) => {
    const { action, event } = run;
    switch (action.type) {
      case 'alarm':
        // Alarms are applied by the dispatcher, in order, never as a job.
        return { notice: null };
      case 'callback': {
        const { delivered: _delivered, ...payload } = event;
        const result = await deps.callbacks.send(action.callback, payload);
        if (result.error) throw new Error(result.error);
        return { notice: null };
      }
      case 'email': {
        const readers =
          action.email.mode === 'custom'
            ? await addressReaders(emailAddressesOf(action.email.addresses))
            : await usersSeeing(event);
        await reachAll(
          [...readers].map(([to, reader]) => ({
            key: `email:${to}`,
            send: () => {
              const text = describeEvent(event, reader);
              return deps.mailer.send({
                to,
                subject: text.title,
                text: text.body,
                html: `<p>${escapeHtml(text.body)}</p>`,
              });
            },
          })),
          event,
        );
        return { notice: readers.size === 0 ? 'no user to mail' : null };
      }
      case 'push': {
        const recipients: Recipient[] = [];
        const { users, notice } = await recipientUsers(run, action.push.userIds);
        if (action.push.channels.includes('internet') && users.length > 0) {
          recipients.push({
            key: 'internet',
            send: async () => {
              // Sourced by the edge: a user the alarm it raised (or another action) notified already gets no second
              // notification of it.
              await deps.notifications.notify(
                users.map((user) => user.id),
                {
                  code: event.raised ? 'notification.condition_raised' : 'notification.condition_cleared',
                  params: conditionParams(event),
                },
                { source: conditionEventSource(event.id) },
              );
            },
          });
        }
        for (const channel of ['sms', 'whatsapp'] as const) {
          if (!action.push.channels.includes(channel)) continue;
          recipients.push(
            ...phoneRecipients(event, users, run.at, channel, (phone, text) =>
              deps.messaging.sendMessage(channel, phone, text),
            ),
          );
        }
        await reachAll(recipients, event);
        return { notice };
      }
      case 'voice': {
        const { users, notice } = await recipientUsers(run, action.voice.userIds);
        const recipients = phoneRecipients(event, users, run.at, 'voice', (phone, text, language) =>
          deps.messaging.placeCall(phone, text, language),
        );
        await reachAll(recipients, event);
        return { notice: notice ?? (recipients.length === 0 ? 'no user takes calls now' : null) };
      }
      case 'geotab': {
        // A Geotab database is no user: its texts are in the product's language.
        const text = describeEvent(event, UNKNOWN_READER);
        const session = await deps.geotab.authenticate(action.geotab);
        await deps.geotab.callWith(session, 'Add', {
          typeName: 'TextMessage',
          entity: {
            // Our devices are not Geotab vehicles: the message goes to the database's "no device" entity.
            device: { id: 'NoDeviceId' },
            messageContent: { contentType: 'Normal', message: `${text.title}. ${text.body}` },
            isDirectionToVehicle: false,
            sent: new Date(run.at).toISOString(),
          },
        });
        return { notice: null };
      }
    }
  };
}
