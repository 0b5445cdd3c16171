import { z } from '../validation.js';
import { Version } from './common.js';

const required = { error: 'validation.required' } as const;
const tooLong = { error: 'validation.too_long' } as const;

const Id = z.string().min(1, required).max(64, tooLong);
const Name = z.string(required).trim().min(1, required).max(100, tooLong);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

/** SPEC section 3 "Signal": how a signal's readings are treated in lists, charts and alarms. */
export const SIGNAL_TYPES = ['event', 'status', 'debug', 'value', 'alarm'] as const;
export const SignalType = z.enum(SIGNAL_TYPES);
export type SignalType = z.infer<typeof SignalType>;

export const SignalParameters = z.object({ showInList: z.boolean(required), type: SignalType });
export type SignalParameters = z.infer<typeof SignalParameters>;

/** The key device-type codecs report a signal by (`temperature`, `battery_voltage`). */
export const SignalKey = z
  .string(required)
  .trim()
  .min(1, required)
  .max(64, tooLong)
  .regex(/^[a-z][a-z0-9_]*$/, { error: 'validation.signal_key' });

/** Who holds a signal locked for editing, and since when. */
export const SignalLock = z.object({ user: z.string().nullable(), lockedAt: z.string() });
export type SignalLock = z.infer<typeof SignalLock>;

/**
 * A signal definition of the platform's catalogue. `lock` is there on a single signal, on lock changes and in a list
 * asked with `editionCtrl=true` (null when nobody edits it); otherwise absent.
 */
export const Signal = z
  .object({
    uuid: z.string(),
    key: z.string(),
    name: z.string(),
    unit: z.string().nullable(),
    parameters: SignalParameters,
    lock: SignalLock.nullable().optional(),
    updatedAt: z.string(),
    version: Version,
  })
  .meta({ id: 'Signal' });
export type Signal = z.infer<typeof Signal>;

/** `GET /signals`: `editionCtrl=true` adds each signal's lock state. */
export const SignalListQuery = z.object({
  editionCtrl: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

export const SignalParams = z.object({ uuid: Id });
/** The lock, unlock, sync and history calls name the signal `id` (SPEC section 7). */
export const SignalIdParams = z.object({ id: Id });

/** `POST /signals`: a new signal definition; the key is unique. */
export const CreateSignalRequest = z.object({
  key: SignalKey,
  name: Name,
  unit: optionalText(20),
  parameters: SignalParameters,
});
export type CreateSignalRequest = z.infer<typeof CreateSignalRequest>;

/**
 * `PUT /signals`: edit a signal the caller holds locked, over the `version` read. Absent fields stay as they are; the
 * key does not change (codecs and readings refer to it).
 */
export const UpdateSignalRequest = z.object({
  uuid: Id,
  version: Version,
  name: Name.optional(),
  unit: optionalText(20).optional(),
  parameters: SignalParameters.optional(),
});
export type UpdateSignalRequest = z.infer<typeof UpdateSignalRequest>;

export const SIGNAL_HISTORY_ACTIONS = ['created', 'updated', 'locked', 'unlocked', 'synced', 'deleted'] as const;
export const SignalHistoryAction = z.enum(SIGNAL_HISTORY_ACTIONS);
export type SignalHistoryAction = z.infer<typeof SignalHistoryAction>;

/** One change of a signal: who (null: the platform, e.g. seeding from the codecs), what, when. */
export const SignalHistoryEntry = z
  .object({
    _id: z.string(),
    signalId: z.string(),
    user: z.string().nullable(),
    action: SignalHistoryAction,
    /** What changed: each changed field's `{from, to}`; a creation holds the definition created. */
    changes: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
  })
  .meta({ id: 'SignalHistoryEntry' });
export type SignalHistoryEntry = z.infer<typeof SignalHistoryEntry>;

export const SIGNAL_HISTORY_PAGE_SIZES = [10, 25, 50] as const;

/** `GET /signals/history/{id}`: newest first, a page at a time. */
export const SignalHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (SIGNAL_HISTORY_PAGE_SIZES as readonly number[]).includes(size), { error: 'validation.invalid' })
    .default(SIGNAL_HISTORY_PAGE_SIZES[0]),
});
export type SignalHistoryQuery = z.infer<typeof SignalHistoryQuery>;

export const SignalHistoryPage = z.object({
  data: z.array(SignalHistoryEntry),
  totalElements: z.number().int(),
  hasNext: z.boolean(),
});
export type SignalHistoryPage = z.infer<typeof SignalHistoryPage>;

/** A value of a parameter preset's profile (parameters are numbers or flags). */
export const ParameterProfile = z.record(z.string().max(64, tooLong), z.union([z.number(), z.boolean()]));
export type ParameterProfile = z.infer<typeof ParameterProfile>;

/** SPEC section 3 "Parameter preset": named parameter values of one device type (`model`), owned by a business. */
export const ParameterPreset = z
  .object({
    uuid: z.string(),
    name: z.string(),
    description: z.string(),
    model: z.string(),
    profile: ParameterProfile,
    businessId: z.string(),
    business: z.object({ id: z.string(), description: z.string() }),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: Version,
  })
  .meta({ id: 'ParameterPreset' });
export type ParameterPreset = z.infer<typeof ParameterPreset>;

/** `GET /parameter-presets`: the presets visible at a business (its own and its ancestors'), or all in reach. */
export const ParameterPresetListQuery = z.object({
  businessId: Id.optional(),
  model: z.string().max(64, tooLong).optional(),
});
export type ParameterPresetListQuery = z.infer<typeof ParameterPresetListQuery>;

export const ParameterPresetParams = z.object({ uuid: Id });

/** `POST /parameter-presets`: `profile` is checked against the parameters of the device type `model`. */
export const CreateParameterPresetRequest = z.object({
  businessId: Id,
  name: Name,
  description: optionalText(500).transform((value) => value ?? ''),
  model: z.string(required).trim().min(1, required).max(64, tooLong),
  profile: ParameterProfile,
});
export type CreateParameterPresetRequest = z.infer<typeof CreateParameterPresetRequest>;

/** `PUT /parameter-presets/{uuid}`: absent fields stay; the profile is checked again when it or the model changes. */
export const UpdateParameterPresetRequest = z.object({
  version: Version,
  name: Name.optional(),
  description: optionalText(500)
    .transform((value) => value ?? '')
    .optional(),
  model: z.string().trim().min(1, required).max(64, tooLong).optional(),
  profile: ParameterProfile.optional(),
});
export type UpdateParameterPresetRequest = z.infer<typeof UpdateParameterPresetRequest>;

/** SPEC section 3 "Asset": the types a custom field of an asset takes. */
export const ASSET_FIELD_TYPES = ['number', 'text', 'options'] as const;
export const AssetFieldType = z.enum(ASSET_FIELD_TYPES);

/** One custom field of an asset type; an `options` field lists its choices. */
export const AssetFieldDefinition = z
  .object({
    name: Name,
    type: AssetFieldType,
    options: z.array(z.string().trim().min(1, required).max(100, tooLong)).max(100, tooLong).optional(),
    required: z.boolean().optional(),
  })
  .superRefine((field, context) => {
    if (field.type === 'options' && !field.options?.length)
      context.addIssue({ code: 'custom', path: ['options'], message: 'validation.required' });
    if (field.type !== 'options' && field.options !== undefined)
      context.addIssue({ code: 'custom', path: ['options'], message: 'validation.invalid' });
  });
export type AssetFieldDefinition = z.infer<typeof AssetFieldDefinition>;

/** An asset type's custom fields, each name once. */
const AssetFields = z
  .array(AssetFieldDefinition)
  .max(100, tooLong)
  .superRefine((fields, context) => {
    const seen = new Set<string>();
    fields.forEach((field, index) => {
      const name = field.name.toLowerCase();
      if (seen.has(name))
        context.addIssue({ code: 'custom', path: [index, 'name'], message: 'asset_type.field_name_taken' });
      seen.add(name);
    });
  });

/** An asset type of the architecture page /arch-asset-types. */
export const AssetType = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    fields: z.array(
      z.object({
        name: z.string(),
        type: AssetFieldType,
        options: z.array(z.string()).optional(),
        required: z.boolean().optional(),
      }),
    ),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: Version,
  })
  .meta({ id: 'AssetType' });
export type AssetType = z.infer<typeof AssetType>;

export const AssetTypeParams = z.object({ id: Id });

export const CreateAssetTypeRequest = z.object({
  name: Name,
  description: optionalText(500).transform((value) => value ?? ''),
  fields: AssetFields.default([]),
});
export type CreateAssetTypeRequest = z.infer<typeof CreateAssetTypeRequest>;

export const UpdateAssetTypeRequest = z.object({
  version: Version,
  name: Name.optional(),
  description: optionalText(500)
    .transform((value) => value ?? '')
    .optional(),
  fields: AssetFields.optional(),
});
export type UpdateAssetTypeRequest = z.infer<typeof UpdateAssetTypeRequest>;
