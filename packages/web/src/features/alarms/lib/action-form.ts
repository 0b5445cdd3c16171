import {
  ACTION_TYPES,
  ActionConfig,
  type ActionConfigInput,
  type ActionType,
  type BusinessActions,
  issueMessage,
  type PushChannel,
  WEEKDAYS,
  type Weekday,
} from '@iot/shared';

export type SignalKind = ActionConfig['signalTypes'][number];
export type CallbackAuthType = 'none' | 'basic' | 'apiKey';

/** An action as its dialog edits it: every field of every type, texts as typed. */
export interface ActionDraft {
  id?: string;
  type: ActionType;
  name: string;
  enabled: boolean;
  signalTypes: SignalKind[];
  scheduled: boolean;
  days: Weekday[];
  from: string;
  to: string;
  timezone: string;
  url: string;
  authType: CallbackAuthType;
  username: string;
  password: string;
  keyLocation: 'header' | 'query';
  keyName: string;
  keyValue: string;
  emailMode: 'allUsers' | 'custom';
  addresses: string;
  userIds: string[];
  retries: string;
  retryIntervalMinutes: string;
  channels: PushChannel[];
  geotabServer: string;
  geotabDatabase: string;
  geotabUsername: string;
  geotabPassword: string;
}

export type StoredActionWithStatus = BusinessActions['actions'][number];

/** A new action of `type`, with the defaults the schema would give. */
export function newActionDraft(type: ActionType, timezone = 0): ActionDraft {
  return {
    type,
    name: '',
    enabled: true,
    signalTypes: ['alarm', 'value'],
    scheduled: false,
    days: [...WEEKDAYS],
    from: '00:00',
    to: '23:59',
    timezone: String(timezone),
    url: '',
    authType: 'none',
    username: '',
    password: '',
    keyLocation: 'header',
    keyName: '',
    keyValue: '',
    emailMode: 'allUsers',
    addresses: '',
    userIds: [],
    retries: '2',
    retryIntervalMinutes: '5',
    channels: ['internet'],
    geotabServer: 'my.geotab.com',
    geotabDatabase: '',
    geotabUsername: '',
    geotabPassword: '',
  };
}

/** The draft of an action the API gave (or of one already edited, in its input form). */
export function draftOf(action: ActionConfig | ActionConfigInput): ActionDraft {
  const draft = newActionDraft(action.type);
  draft.id = action.id;
  draft.name = action.name ?? '';
  draft.enabled = action.enabled ?? true;
  draft.signalTypes = [...action.signalTypes];
  if (action.schedule) {
    draft.scheduled = true;
    draft.days = [...action.schedule.days];
    draft.from = action.schedule.from;
    draft.to = action.schedule.to;
    draft.timezone = String(action.schedule.timezone);
  }
  switch (action.type) {
    case 'callback': {
      draft.url = action.callback.url;
      const { auth } = action.callback;
      draft.authType = auth.type;
      if (auth.type === 'basic') {
        draft.username = auth.username;
        draft.password = auth.password;
      } else if (auth.type === 'apiKey') {
        draft.keyLocation = auth.location;
        draft.keyName = auth.name;
        draft.keyValue = auth.value;
      }
      break;
    }
    case 'email':
      draft.emailMode = action.email.mode;
      if (action.email.mode === 'custom') draft.addresses = action.email.addresses;
      break;
    case 'voice':
      draft.userIds = [...action.voice.userIds];
      draft.retries = String(action.voice.retries ?? 2);
      draft.retryIntervalMinutes = String(action.voice.retryIntervalMinutes ?? 5);
      break;
    case 'push':
      draft.userIds = [...action.push.userIds];
      draft.channels = [...action.push.channels];
      break;
    case 'geotab':
      draft.geotabServer = action.geotab.server;
      draft.geotabDatabase = action.geotab.database;
      draft.geotabUsername = action.geotab.username;
      draft.geotabPassword = action.geotab.password;
      break;
  }
  return draft;
}

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The action a draft describes, in the form the API takes (e-mail addresses as one comma-separated text). */
export function inputOf(draft: ActionDraft): ActionConfigInput {
  const common = {
    ...(draft.id ? { id: draft.id } : {}),
    name: draft.name,
    enabled: draft.enabled,
    signalTypes: draft.signalTypes,
    schedule: draft.scheduled
      ? { days: draft.days, from: draft.from, to: draft.to, timezone: numberOf(draft.timezone) }
      : null,
  };
  switch (draft.type) {
    case 'alarm':
      return { ...common, type: 'alarm' };
    case 'callback':
      return {
        ...common,
        type: 'callback',
        callback: {
          url: draft.url.trim(),
          auth:
            draft.authType === 'basic'
              ? { type: 'basic', username: draft.username, password: draft.password }
              : draft.authType === 'apiKey'
                ? { type: 'apiKey', location: draft.keyLocation, name: draft.keyName, value: draft.keyValue }
                : { type: 'none' },
        },
      };
    case 'email':
      return {
        ...common,
        type: 'email',
        email: draft.emailMode === 'custom' ? { mode: 'custom', addresses: draft.addresses } : { mode: 'allUsers' },
      };
    case 'voice':
      return {
        ...common,
        type: 'voice',
        voice: {
          userIds: draft.userIds,
          retries: numberOf(draft.retries),
          retryIntervalMinutes: numberOf(draft.retryIntervalMinutes),
        },
      };
    case 'push':
      return { ...common, type: 'push', push: { userIds: draft.userIds, channels: draft.channels } };
    case 'geotab':
      return {
        ...common,
        type: 'geotab',
        geotab: {
          server: draft.geotabServer,
          database: draft.geotabDatabase,
          username: draft.geotabUsername,
          password: draft.geotabPassword,
        },
      };
  }
}

/**
 * Checks a draft with the API's action schema. Errors are message codes keyed by the path of the field they belong
 * to (`callback.url`, `schedule.to`, ...), the keys a 400 from the server also uses.
 */
export function checkActionDraft(
  draft: ActionDraft,
): { ok: true; action: ActionConfigInput } | { ok: false; errors: Record<string, string> } {
  const action = inputOf(draft);
  const checked = ActionConfig.safeParse(action);
  if (checked.success) return { ok: true, action };
  const errors: Record<string, string> = {};
  for (const issue of checked.error.issues) errors[issue.path.join('.')] ??= issueMessage(issue);
  return { ok: false, errors };
}

/** A stored action in the form a save sends back: its status left out. */
export const storedInputOf = ({ status: _status, ...action }: StoredActionWithStatus): ActionConfigInput =>
  inputOf(draftOf(action as ActionConfig));

export const isActionType = (value: string): value is ActionType => (ACTION_TYPES as readonly string[]).includes(value);

/** How an action's last run went: the error flag of its row. */
export function actionHealth(
  status: StoredActionWithStatus['status'] | undefined,
): 'error' | 'notice' | 'ok' | 'never' {
  if (!status) return 'never';
  if (status.lastError) return 'error';
  if (status.lastNotice) return 'notice';
  return status.lastRunAt ? 'ok' : 'never';
}
