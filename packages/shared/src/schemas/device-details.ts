import { z } from '../validation.js';
import { Version } from './common.js';
import { ParameterizationStatus } from './devices.js';

const Comment = z.string().trim().max(1000, { error: 'validation.too_long' });

/**
 * An output of a device (a relay, a valve): the value last asked for and when it was changed, sent to the device and
 * confirmed by it (SPEC 4 "Outputs command status shows last change, last sent, last confirmed").
 */
export const DeviceOutput = z.object({
  key: z.string(),
  name: z.string(),
  value: z.boolean(),
  lastChange: z.string().nullable(),
  lastSent: z.string().nullable(),
  lastConfirmed: z.string().nullable(),
});
export type DeviceOutput = z.infer<typeof DeviceOutput>;
export const DeviceOutputs = z.object({ outputs: z.array(DeviceOutput), version: Version });
export type DeviceOutputs = z.infer<typeof DeviceOutputs>;

/** How many outputs a device may have, and how long their keys and names may be. */
export const OUTPUT_LIMITS = { outputs: 32, key: 40, name: 100 } as const;

const OutputKey = z
  .string()
  .trim()
  .min(1, { error: 'validation.required' })
  .max(OUTPUT_LIMITS.key, { error: 'validation.too_long' })
  .regex(/^[a-zA-Z0-9_-]+$/, { error: 'validation.invalid' });

/** An output as defined: the key its value is kept by and the name users see. */
export const DeviceOutputDefinition = z.object({
  key: OutputKey,
  name: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(OUTPUT_LIMITS.name, { error: 'validation.too_long' }),
});

/**
 * `PATCH /devices/{uuid}/outputs`: `define` replaces the list of outputs (names; values kept by key), `set` changes
 * values (a changed value records its last change and waits to be sent).
 */
export const UpdateDeviceOutputsRequest = z.object({
  version: Version,
  define: z
    .array(DeviceOutputDefinition)
    .max(OUTPUT_LIMITS.outputs)
    .refine((outputs) => new Set(outputs.map((output) => output.key)).size === outputs.length, {
      error: 'validation.invalid',
    })
    .optional(),
  set: z.record(OutputKey, z.boolean()).optional(),
});
export type UpdateDeviceOutputsRequest = z.infer<typeof UpdateDeviceOutputsRequest>;

/** A battery change recorded on a device (SPEC 3: date, user, comment). */
export const BatteryChange = z.object({
  id: z.string(),
  date: z.string(),
  user: z.string().nullable(),
  comment: z.string(),
});
export type BatteryChange = z.infer<typeof BatteryChange>;
export const BatteryChanges = z.array(BatteryChange);

/** `PATCH /devices/{uuid}/addBatteryChange`: the day the battery was changed (not in the future) and a comment. */
export const AddBatteryChangeRequest = z.object({
  date: z.iso.datetime({ error: 'validation.invalid' }),
  comment: Comment.default(''),
});

export const ALARM_CONDITIONS = ['above', 'below'] as const;

/** A threshold rule on a numeric value signal: active beyond the threshold, cleared back past it by the hysteresis. */
export const AlarmRule = z.object({
  signal: z.string().trim().min(1, { error: 'validation.required' }).max(64),
  condition: z.enum(ALARM_CONDITIONS),
  threshold: z.number({ error: 'validation.invalid' }).finite(),
  hysteresis: z.number({ error: 'validation.invalid' }).finite().min(0).default(0),
});
export type AlarmRule = z.infer<typeof AlarmRule>;

/** A device's alarms configuration (SPEC 3, 4): rules, inhibition, auto-acknowledge of latched-while-snoozed. */
export const DeviceAlarmsConfig = z.object({
  inhibited: z.boolean(),
  autoAcknowledgeLatchedWhileSnoozed: z.boolean(),
  rules: z.array(AlarmRule),
  version: Version,
});
export type DeviceAlarmsConfig = z.infer<typeof DeviceAlarmsConfig>;
export const UpdateDeviceAlarmsRequest = z.object({
  version: Version,
  inhibited: z.boolean().optional(),
  autoAcknowledgeLatchedWhileSnoozed: z.boolean().optional(),
  rules: z.array(AlarmRule).max(50).optional(),
});
export type UpdateDeviceAlarmsRequest = z.infer<typeof UpdateDeviceAlarmsRequest>;

/**
 * The threshold rules every device of a type has on top of its own (`GET/PUT /device-types/{id}/alarms`). A type
 * without rules answers version 0.
 */
export const DeviceTypeAlarms = z.object({
  deviceType: z.string(),
  rules: z.array(AlarmRule),
  version: Version,
});
export type DeviceTypeAlarms = z.infer<typeof DeviceTypeAlarms>;
export const UpdateDeviceTypeAlarmsRequest = z.object({
  version: Version,
  rules: z.array(AlarmRule).max(50, { error: 'validation.too_long' }),
});
export type UpdateDeviceTypeAlarmsRequest = z.infer<typeof UpdateDeviceTypeAlarmsRequest>;

/** Free data users keep on a device (notes, installation details): a flat object of short texts and numbers. */
/** How much user data a device keeps: entries, and characters of a name and of a text value. */
export const USER_DATA_LIMITS = { entries: 100, name: 64, value: 2000 } as const;

export const DeviceUserData = z.object({
  data: z.record(
    z.string().max(USER_DATA_LIMITS.name),
    z.union([z.string().max(USER_DATA_LIMITS.value), z.number(), z.boolean(), z.null()]),
  ),
  version: Version,
});
export type DeviceUserData = z.infer<typeof DeviceUserData>;
export const UpdateDeviceUserDataRequest = z.object({
  version: Version,
  data: z
    .record(
      z.string().max(USER_DATA_LIMITS.name),
      z.union([
        z.string().max(USER_DATA_LIMITS.value, { error: 'validation.too_long' }),
        z.number(),
        z.boolean(),
        z.null(),
      ]),
    )
    .refine((data) => Object.keys(data).length <= USER_DATA_LIMITS.entries, { error: 'validation.too_long' }),
});

/** `GET /devices/{uuid}/downlink`: the parameters last set, their status, and the bytes waiting for the device. */
export const DeviceDownlink = z.object({
  parameters: z.record(z.string(), z.union([z.number(), z.boolean(), z.string()])),
  status: ParameterizationStatus.nullable(),
  /** Hex of the encoded parameters, null when nothing waits. */
  downlinkData: z.string().nullable(),
  port: z.number().int().nullable(),
});
export type DeviceDownlink = z.infer<typeof DeviceDownlink>;

/**
 * `PATCH /devices/{uuid}/parameters`: new parameter values (checked against the device type's definitions; missing
 * ones take their defaults), encoded for the device and WAITING until it asks for them.
 */
export const SetDeviceParametersRequest = z.object({
  version: Version,
  values: z.record(z.string().max(64), z.union([z.number(), z.boolean()])),
});

/** Per-signal linear calibration: value × factor + offset. */
export const Calibration = z.record(
  z.string().max(64),
  z.object({ factor: z.number().finite().default(1), offset: z.number().finite().default(0) }),
);
export type Calibration = z.infer<typeof Calibration>;

export const DeviceUuidBody = z.object({ deviceUUID: z.string().min(1).max(64) });
export const UpdateDeviceTypeRequest = z.object({
  deviceUUID: z.string().min(1).max(64),
  deviceType: z.string().trim().min(1, { error: 'validation.required' }).max(64),
  fwVersion: z.string().trim().max(50).nullish(),
});
export const UpdateCalibrationRequest = z.object({
  devices: z
    .array(z.object({ deviceUUID: z.string().min(1).max(64), calibration: Calibration }))
    .min(1)
    .max(1000),
});
export const DeviceCalibration = z.object({ calibration: Calibration });

/**
 * `POST /devices/advanced/reprocess-received-data`: decode again, with the device's type and calibration as they are
 * now, the messages it sent between two times; with `runAllActions`, its alarm conditions are evaluated again over
 * them and the edges found run the business's actions (alarms, callbacks, mails...) as new ones would.
 */
export const ReprocessReceivedDataRequest = z
  .object({
    deviceUUID: z.string().min(1).max(64),
    startDate: z.iso.datetime({ error: 'validation.invalid' }),
    endDate: z.iso.datetime({ error: 'validation.invalid' }),
    runAllActions: z.boolean().default(false),
  })
  .refine((request) => Date.parse(request.startDate) <= Date.parse(request.endDate), {
    error: 'validation.date_range',
    path: ['endDate'],
  });
export type ReprocessReceivedDataRequest = z.infer<typeof ReprocessReceivedDataRequest>;

/** What a reprocessing did: the messages decoded again and what they gave. */
export const ReprocessReceivedDataResponse = z.object({
  messages: z.number().int(),
  readings: z.number().int(),
  undecoded: z.number().int(),
  conditionEvents: z.number().int(),
});
export type ReprocessReceivedDataResponse = z.infer<typeof ReprocessReceivedDataResponse>;
export const SetRouteRequest = z.object({
  destination: z.string().trim().max(500, { error: 'validation.too_long' }).nullable(),
});
