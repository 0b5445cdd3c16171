import type {
  AlarmSource,
  AlarmStatus,
  AlarmTransition,
  BusinessLogAction,
  BusinessRole,
  CommissioningEventKind,
  CommunicationType,
  ContractLogEvent,
  ContractState,
  ContractType,
  CreditPeriodType,
  IntegrationNetwork,
  JourneyState,
  JourneyTransition,
  Language,
  LinkQuality,
  LocationState,
  ParameterizationStatus,
  SignalHistoryAction,
  SignalType,
  UserRole,
} from '@iot/shared';
import type { Generated, GeneratedAlways, Kysely } from 'kysely';

/** Table types as the code sees them (camelCase; the CamelCasePlugin maps them to snake_case columns). Times are epoch milliseconds. */
export interface UsersTable {
  id: string;
  email: string;
  username: string;
  passwordHash: string | null;
  role: UserRole;
  firstName: string;
  lastName: string;
  language: Language;
  timezone: number;
  phone: string;
  offWorkFrom: string | null;
  offWorkTo: string | null;
  /** JSON of `CallReception`. */
  callReception: string;
  emailConfirmedAt: number | null;
  createdAt: number;
  version: number;
}

export interface SessionsTable {
  tokenHash: string;
  userId: string;
  createdAt: number;
  lastUsedAt: number;
}

export type OneTimeTokenPurpose = 'email_confirmation' | 'password_reset' | 'sign_in';

export interface OneTimeTokensTable {
  tokenHash: string;
  userId: string;
  purpose: OneTimeTokenPurpose;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

/** A throttled auth action: a password check, or a password reset mail (`modules/auth/repo.ts`). */
export type AuthAttemptKind = 'sign_in' | 'password_reset_mail';

/** One attempt at a throttled auth action, by account (the e-mail address tried) and client address. */
export interface AuthAttemptsTable {
  kind: AuthAttemptKind;
  account: string;
  address: string;
  attemptedAt: number;
}

/** One notification of one user; `topic` (`a/b`) when it came through a topic subscription. */
export interface NotificationsTable {
  id: string;
  userId: string;
  /** Free text (sent by provider staff, or stored before messages had codes); empty when `code` says it. */
  title: string;
  body: string;
  /** The message's code in `MESSAGES` without `.title`/`.body`, worded in the reader's language; null for free text. */
  code: string | null;
  /** The code's parameters, a JSON object of strings. */
  params: string | null;
  /** What caused the notification (e.g. `condition-event:<id>`): one notification per cause and user. */
  source: string | null;
  /** When web push went out for it (to every subscription of its user); null: not pushed. */
  pushedAt: number | null;
  topic: string | null;
  readAt: number | null;
  createdAt: number;
}

export type DeliveryStatus = 'sent' | 'failed' | 'gone';

/** One attempt to deliver a notification to one push subscription, kept after the subscription is gone. */
export interface NotificationDeliveriesTable {
  id: string;
  notificationId: string;
  channel: 'web-push';
  endpointHost: string;
  status: DeliveryStatus;
  statusCode: number | null;
  error: string | null;
  attemptedAt: number;
}

/** A browser's web-push subscription; `token` is the client's own id for it, unique per user. */
export interface PushSubscriptionsTable {
  id: string;
  userId: string;
  token: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  expirationTime: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface TopicSubscriptionsTable {
  topic: string;
  userId: string;
  createdAt: number;
}

/**
 * A node of the business tree as read (the `businesses` view: `business_nodes` joined with `business_paths`); `path`
 * is `/rootId/.../ownId/` and `depth` the number of ids in it. Writes go to the two tables.
 */
export interface BusinessesTable {
  id: string;
  slug: string;
  description: string;
  parentId: string | null;
  path: string;
  depth: number;
  /** 0 active (as created), 1 deactivated. */
  status: number;
  logo: string | null;
  /** JSON of `BusinessTheme`. */
  theme: string | null;
  /** 1 when the level's configuration is locked (`active.cfg` false). */
  cfgLocked: number;
  /** 1 when the level is lock-alerted (`active.merged` false). */
  mergedLocked: number;
  /** JSON of `ViewPermissions`; a role missing from it (or null) inherits from the parent. */
  viewPermissions: string | null;
  /** Devices directly on this node (not below it). */
  deviceCount: Generated<number>;
  createdAt: number;
  version: number;
}

/** A node without its place in the tree, which a move of an ancestor does not touch. */
export type BusinessNodesTable = Omit<BusinessesTable, 'path' | 'depth'>;

/** A node's place in the tree, narrow so that a move rewrites little besides the paths themselves. */
export interface BusinessPathsTable {
  id: string;
  path: string;
  depth: number;
}

/** A user's role on a node; it applies to the node's whole subtree unless a deeper entry says otherwise. */
export interface BusinessUsersTable {
  businessId: string;
  userId: string;
  role: BusinessRole;
  createdAt: number;
}

export interface BusinessLogsTable {
  id: string;
  businessId: string;
  userId: string | null;
  action: BusinessLogAction;
  /** JSON object. */
  details: string;
  createdAt: number;
}

/**
 * A contract (SPEC section 3); `features` is JSON of (part of) `PlanFeatures`, the rest from the default. Credits and
 * tokens are whole numbers; what is left to spend is `creditsTotal - creditsSpent - creditsCarved` (0037).
 */
export interface ContractsTable {
  id: string;
  businessId: string;
  name: string;
  type: Generated<ContractType>;
  comment: Generated<string>;
  features: string;
  createdAt: number;
  updatedAt: Generated<number>;
  /** Null: it never expires. */
  expiresAt: number | null;
  /** Null while pending (not bought yet): it grants nothing. */
  purchasedAt: number | null;
  /** How many levels below its business it reaches; null: all of them. */
  inheritableLevels: number | null;
  version: Generated<number>;
  /** The notification state the contract job last moved it to, and when. */
  state: Generated<ContractState>;
  stateAt: number | null;
  creditsTotal: Generated<number>;
  creditsSpent: Generated<number>;
  /** Given to the contracts of sublevels that were carved from this one. */
  creditsCarved: Generated<number>;
  creditPeriodType: Generated<CreditPeriodType>;
  creditsPerPeriod: Generated<number>;
  creditLimitForPeriod: Generated<number>;
  allowOverUsage: Generated<number>;
  userChangeable: Generated<number>;
  periodStart: number | null;
  periodEnd: number | null;
  spentInPeriod: Generated<number>;
  overUsageInPeriod: Generated<number>;
  costSms: Generated<number>;
  costWhatsapp: Generated<number>;
  costVoice: Generated<number>;
  costReport: Generated<number>;
  /** The contract of an ancestor level this one's credits were carved from. */
  fromContractId: string | null;
  tokenType: string | null;
  /** JSON array of `TokenCapability`. */
  tokenCapability: Generated<string>;
  tokenValidityDays: Generated<number>;
  tokenPeriodStart: number | null;
  tokensTotal: Generated<number>;
  tokensSpent: Generated<number>;
}

/** What happened to a contract; `contractId` has no foreign key, so a deletion's row stays. */
export interface ContractLogsTable {
  id: string;
  contractId: string;
  businessId: string;
  event: ContractLogEvent;
  at: number;
  userId: string | null;
  amount: number | null;
  /** JSON object of `ContractLogDetails`. */
  details: Generated<string>;
}

/** A usage license (SPEC section 3); devices name it in `usageLicenseId`. Null dates: open-ended. */
export interface UsageLicensesTable {
  id: string;
  businessId: string;
  licenseId: string;
  corporateName: Generated<string>;
  type: string;
  startsAt: number | null;
  endsAt: number | null;
  comments: Generated<string>;
  omieContractId: string | null;
  omieStartsAt: number | null;
  omieEndsAt: number | null;
  createdAt: number;
  updatedAt: number;
  version: number;
}

/** A device; JSON columns hold what only the device's own screens read. */
export interface DevicesTable {
  id: string;
  /** A number of the device's own, set by the database: readings name their device by it (a short index key). */
  key: Generated<number>;
  businessId: string;
  /** The owning business's `path`, so a subtree's devices are one index range. */
  businessPath: string;
  /** The top business of `businessPath` (`/<id>/`), derived by the database. */
  tenantPath: GeneratedAlways<string>;
  description: string;
  serialNumber: string | null;
  deviceType: string;
  fwVersion: string | null;
  loraEui: string | null;
  mac: string | null;
  sigfoxId: string | null;
  imei: string | null;
  /** Derived from the network ids when written (SPEC section 4). */
  communication: CommunicationType;
  usageLicenseId: string | null;
  /** JSON: latest reading per signal key, `{ value, date }` (date epoch ms). */
  signalValues: Generated<string>;
  /** JSON: parameter values last set. */
  parameters: Generated<string>;
  parametersStatus: ParameterizationStatus | null;
  routeDestination: string | null;
  lastSeenAt: number | null;
  /** JSON: `[{ key, name, value, lastChange, lastSent, lastConfirmed }]` (times epoch ms or null). */
  outputs: Generated<string>;
  /** JSON: `{ inhibited, autoAcknowledgeLatchedWhileSnoozed, rules }`; `{}` is the default configuration. */
  alarmsConfig: Generated<string>;
  /** JSON object of the user's own fields. */
  userData: Generated<string>;
  /** JSON: per signal key `{ factor, offset }`. */
  calibration: Generated<string>;
  /** Hex of the encoded parameters waiting for the device, and the LoRa fPort to send them on. */
  downlinkData: string | null;
  downlinkPort: number | null;
  /** The network server's reference of the LoRa downlink last queued with them; null before any or unknown. */
  downlinkRef: Generated<string | null>;
  /** The Sigfox PAC the device was registered with (never shown). */
  sigfoxPac: Generated<string | null>;
  /** SHA-256 (hex) of the device's MQTT password; null until credentials are issued. */
  mqttPasswordHash: Generated<string | null>;
  /** When `parametersStatus` last changed (epoch ms), for the commissioning timeouts. */
  parametersStatusAt: Generated<number | null>;
  linkQuality: Generated<LinkQuality | null>;
  /** JSON: the alarm condition keys of this device that are up now, `{ "<key>": true }`. */
  alarmConditions: Generated<string>;
  /** Where the device is now (SPEC section 4), kept by the ingest pipeline and the lost sweep (0036). */
  locationState: Generated<LocationState>;
  /** The place the device is at, while `locationState` is `atPoi` or `atForbiddenPoi`. */
  locationPlaceId: Generated<string | null>;
  /** Since when the device is in `locationState` (epoch ms); null while unavailable. */
  locationSince: Generated<number | null>;
  /** JSON: the pipeline's working memory of the device's positions (`LocationTrack`); null before the first. */
  locationTrack: Generated<string | null>;
  /** The device's running journey, whose summary its positions advance; null when none runs. */
  journeyId: Generated<string | null>;
  createdAt: number;
  version: number;
}

/** Append-only: one signal's value from one uplink; `value` is JSON. */
export interface ReadingsTable {
  /** The device's `key`. */
  deviceKey: number;
  signal: string;
  date: number;
  value: string;
}

/**
 * A message as the device sent it, to decode again: `frame` (hex bytes and port), `decoded-frame` (JSON of the bytes as
 * hex and the values the network server decoded, and port) or `values` (JSON).
 */
export interface ReceivedMessagesTable {
  /** The device's `key`. */
  deviceKey: number;
  date: number;
  kind: 'frame' | 'decoded-frame' | 'values' | 'unreadable';
  data: string;
  port: number | null;
  /** What the network told of the message (migration 0029); null when it told nothing. */
  rssi: number | null;
  snr: number | null;
  receivers: number | null;
  dataRate: string | null;
  /** 1: The Things Stack simulated it; null: the device sent it. */
  simulated: number | null;
}

/** One row: the revision of what a tree listing shows, moved by triggers on every change to it. */
export interface TreeRevisionTable {
  id: number;
  revision: number;
}

/** SQLite only, one row: how many changes to users and ended sessions there were (migration 0021). */
export interface SessionRevisionTable {
  id: number;
  revision: number;
}

/** The recent message counters of each device, for deduplication. */
export interface UplinkCountersTable {
  /** The device's `key`. */
  deviceKey: number;
  counter: number;
  receivedAt: number;
  /** A digest of the message's content (`contentDigest`); null for counters claimed before migration 0022. */
  digest: number | null;
}

/** A frame the device type's codec refused, kept raw with why. */
export interface UndecodedFramesTable {
  deviceId: string;
  date: number;
  data: string;
  port: number | null;
  error: string;
}

export interface CommissioningEventsTable {
  deviceId: string;
  event: CommissioningEventKind;
  detail: string | null;
  date: number;
}

export interface IntegrationsTable {
  id: string;
  businessId: string;
  network: IntegrationNetwork;
  name: string;
  /** SHA-256 (hex) of the token. */
  tokenHash: string;
  tokenHint: string;
  serverUrl: string | null;
  serverKey: string | null;
  /** The Things Stack: the application id and the webhook id the downlink push goes through. */
  application: string | null;
  webhookId: string | null;
  createdAt: number;
  version: number;
}

/** The way back to a LoRa device: the integration last heard from it and, on The Things Stack, its ids there. */
export interface LoraDeviceRoutesTable {
  deviceId: string;
  integrationId: string;
  ttnApplicationId: string | null;
  ttnDeviceId: string | null;
}

/** An integration's calls in one hour (`hour`: epoch ms of its start), by what became of them. */
export interface IntegrationCountsTable {
  integrationId: string;
  hour: number;
  stored: Generated<number>;
  duplicates: Generated<number>;
  refused: Generated<number>;
  unknownDevices: Generated<number>;
}

export interface IntegrationHealthTable {
  integrationId: string;
  lastCallAt: number | null;
  lastError: string | null;
  lastErrorAt: number | null;
}

/** Outbox: one edge of a device's alarm condition, recorded by ingest, turned into action jobs by the dispatcher. */
export interface ConditionEventsTable {
  id: string;
  deviceId: string;
  conditionKey: string;
  signal: string;
  kind: 'alarm' | 'value';
  /** 1 when the condition appeared, 0 when it went away. */
  raised: number;
  /** JSON of the reading that crossed the edge. */
  value: string;
  date: number;
  createdAt: number;
  dispatchedAt: number | null;
}

export interface AlarmsTable {
  id: string;
  deviceId: string;
  sequenceId: number;
  /** Per tenant (top business), from 1: what lists show the alarm as. */
  number: number;
  conditionKey: string;
  signal: string;
  source: AlarmSource;
  status: AlarmStatus;
  /** 1 while the alarm's condition is present. */
  conditionActive: number;
  snoozedUntil: number | null;
  /** JSON of the reading that last changed the condition. */
  value: string;
  /** The condition event last applied: applying it again changes nothing. */
  lastEventId: string;
  raisedAt: number;
  updatedAt: number;
  version: number;
  /** The device's tenant (`/<id>/`), kept by the database as the alarm is stored and the device moves (0035). */
  tenantPath: GeneratedAlways<string | null>;
}

/** Each tenant's last alarm number. */
export interface AlarmNumbersTable {
  tenantPath: string;
  last: number;
}

export interface AlarmHistoryTable {
  id: string;
  alarmId: string;
  transition: AlarmTransition;
  userId: string | null;
  comment: string | null;
  date: number;
}

/** A business's own list of actions (JSON array of stored actions). */
export interface BusinessActionsTable {
  businessId: string;
  actions: string;
  updatedAt: number;
  version: number;
}

/** Threshold rules every device of a type has (`rules`: JSON array of AlarmRule). */
export interface DeviceTypeAlarmsTable {
  deviceType: string;
  rules: string;
  updatedAt: number;
  version: number;
}

export interface ActionStatusTable {
  actionId: string;
  lastRunAt: number;
  lastError: string | null;
  lastNotice: string | null;
}

export type ActionJobStatus = 'pending' | 'done' | 'failed';

/** One execution of one action for one condition edge: run, retried with backoff until done or out of attempts. */
export interface ActionJobsTable {
  id: string;
  businessId: string;
  actionId: string;
  /** JSON: the stored action as it was when the job was made. */
  action: string;
  /** JSON: the condition edge (and alarm) the action follows. */
  event: string;
  status: ActionJobStatus;
  attempts: number;
  runAt: number;
  /** A worker holds the job until then; another may take it after (the holder died). */
  lockedUntil: number | null;
  lastError: string | null;
  createdAt: number;
}

export interface BatteryChangesTable {
  id: string;
  deviceId: string;
  date: number;
  userId: string | null;
  comment: string;
  createdAt: number;
}

/** A signal definition of the catalogue; `lockedBy` is the staff user editing it (null: nobody). */
export interface SignalsTable {
  id: string;
  key: string;
  name: string;
  unit: string | null;
  type: SignalType;
  /** 1 when the signal is a column of the device list by default. */
  showInList: number;
  lockedBy: string | null;
  lockedAt: number | null;
  createdAt: number;
  updatedAt: number;
  version: number;
}

/** One change of a signal; `userId` null when the platform made it (seeding from the codecs). */
export interface SignalHistoryTable {
  id: string;
  signalId: string;
  userId: string | null;
  action: SignalHistoryAction;
  /** JSON object: each changed field's `{ from, to }`, or the definition created. */
  changes: string;
  createdAt: number;
}

/** Parameter values of one device type (`model`), owned by a business. */
export interface ParameterPresetsTable {
  id: string;
  businessId: string;
  /** The owning business's `path`, so a subtree's presets are one index range. */
  businessPath: string;
  name: string;
  description: string;
  model: string;
  /** JSON of the checked parameter values. */
  profile: string;
  createdAt: number;
  updatedAt: number;
  version: number;
}

export interface AssetTypesTable {
  id: string;
  name: string;
  description: string;
  /** JSON of `AssetFieldDefinition[]`. */
  fields: string;
  createdAt: number;
  updatedAt: number;
  version: number;
}

/** An asset (SPEC section 3): what a customer monitors, in a business, of an asset type, with its field values. */
export interface AssetsTable {
  id: string;
  businessId: string;
  /** The owning business's `path`, so a subtree's assets are one index range. */
  businessPath: string;
  /** The top business of `businessPath` (`/<id>/`), derived by the database. */
  tenantPath: GeneratedAlways<string>;
  description: string;
  assetTypeId: string;
  /** JSON: `{ [field name]: number | string }`, checked against the asset type's fields when written. */
  fieldValues: Generated<string>;
  /** The device linked now, if any; a device is linked to at most one asset (unique). */
  deviceId: string | null;
  linkedAt: number | null;
  createdAt: number;
  updatedAt: number;
  version: number;
}

/** Every link of an asset to a device, with its dates: the open one has no `unlinkedAt`. */
export interface AssetLinksTable {
  assetId: string;
  deviceId: string;
  linkedAt: number;
  unlinkedAt: number | null;
  /** The user who linked or unlinked, when a user did. */
  linkedBy: string | null;
  unlinkedBy: string | null;
}

/** A group of places (POI group): whether its places are forbidden, and its timings. */
export interface PlaceGroupsTable {
  id: string;
  businessId: string;
  businessPath: string;
  tenantPath: GeneratedAlways<string>;
  name: string;
  /** 1: a device at one of its places is `atForbiddenPoi`. */
  forbidden: number;
  /** How long a device must stay inside one of its places before it counts as at it. */
  enterAfterMs: number;
  /** How long without any message makes a device last at one of its places lost. */
  lostAfterMs: number;
  createdAt: number;
  updatedAt: number;
  version: number;
}

/** A point of interest: an area (circle or polygon) of a business, optionally in a group. */
export interface PlacesTable {
  id: string;
  businessId: string;
  businessPath: string;
  tenantPath: GeneratedAlways<string>;
  name: string;
  groupId: string | null;
  /** JSON of `PlaceArea`. */
  area: string;
  /** The area's bounding box, from which the spatial index is built. */
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
  createdAt: number;
  updatedAt: number;
  version: number;
}

/** One row: bumped with every change to places or groups, so each process rebuilds its spatial index only then. */
export interface PlaceRevisionTable {
  id: number;
  revision: number;
}

/** Every location state a device was in, with its dwell: the current one has no `leftAt`. */
export interface DeviceLocationStatesTable {
  deviceId: string;
  enteredAt: number;
  leftAt: number | null;
  state: LocationState;
  placeId: string | null;
  /** The place's name when entered, so the history reads the same after the place is renamed or deleted. */
  placeName: string | null;
  /** The position that made the change, when one did (not for lost). */
  lat: number | null;
  lon: number | null;
}

export interface JourneysTable {
  id: string;
  businessId: string;
  businessPath: string;
  tenantPath: GeneratedAlways<string>;
  deviceId: string;
  description: string;
  comment: Generated<string>;
  state: JourneyState;
  /** JSON of `StoredJourneySummary`: advanced as positions arrive while running, read as is once ended. */
  summary: string;
  createdAt: number;
  updatedAt: number;
  /** When it was finished or cancelled. */
  endedAt: number | null;
  version: number;
}

export interface JourneyHistoryTable {
  journeyId: string;
  /** 0 for `created`, then one more per transition. */
  seq: number;
  transition: JourneyTransition;
  userId: string | null;
  comment: Generated<string>;
  date: number;
}

/** The track of a journey: each position its device reported while it ran. */
export interface JourneyPointsTable {
  journeyId: string;
  date: number;
  lat: number;
  lon: number;
  speedKmh: number | null;
}

export interface DatabaseSchema {
  users: UsersTable;
  sessions: SessionsTable;
  oneTimeTokens: OneTimeTokensTable;
  authAttempts: AuthAttemptsTable;
  notifications: NotificationsTable;
  notificationDeliveries: NotificationDeliveriesTable;
  pushSubscriptions: PushSubscriptionsTable;
  topicSubscriptions: TopicSubscriptionsTable;
  businesses: BusinessesTable;
  businessNodes: BusinessNodesTable;
  businessPaths: BusinessPathsTable;
  businessUsers: BusinessUsersTable;
  businessLogs: BusinessLogsTable;
  treeRevision: TreeRevisionTable;
  sessionRevision: SessionRevisionTable;
  contracts: ContractsTable;
  contractLogs: ContractLogsTable;
  usageLicenses: UsageLicensesTable;
  devices: DevicesTable;
  batteryChanges: BatteryChangesTable;
  signals: SignalsTable;
  signalHistory: SignalHistoryTable;
  parameterPresets: ParameterPresetsTable;
  assetTypes: AssetTypesTable;
  assets: AssetsTable;
  assetLinks: AssetLinksTable;
  readings: ReadingsTable;
  receivedMessages: ReceivedMessagesTable;
  uplinkCounters: UplinkCountersTable;
  undecodedFrames: UndecodedFramesTable;
  commissioningEvents: CommissioningEventsTable;
  integrations: IntegrationsTable;
  loraDeviceRoutes: LoraDeviceRoutesTable;
  integrationCounts: IntegrationCountsTable;
  integrationHealth: IntegrationHealthTable;
  conditionEvents: ConditionEventsTable;
  alarms: AlarmsTable;
  alarmNumbers: AlarmNumbersTable;
  alarmHistory: AlarmHistoryTable;
  businessActions: BusinessActionsTable;
  actionStatus: ActionStatusTable;
  actionJobs: ActionJobsTable;
  deviceTypeAlarms: DeviceTypeAlarmsTable;
  placeGroups: PlaceGroupsTable;
  places: PlacesTable;
  placeRevision: PlaceRevisionTable;
  deviceLocationStates: DeviceLocationStatesTable;
  journeys: JourneysTable;
  journeyHistory: JourneyHistoryTable;
  journeyPoints: JourneyPointsTable;
}

export type Database = Kysely<DatabaseSchema>;
