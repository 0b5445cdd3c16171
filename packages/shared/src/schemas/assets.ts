import type { MessageCode } from '../messages.js';
import { z } from '../validation.js';
import { Version } from './common.js';
import { type AssetFieldDefinition, AssetFieldType } from './signals.js';

const required = { error: 'validation.required' } as const;
const tooLong = { error: 'validation.too_long' } as const;
const Id = z.string().min(1, required).max(64, tooLong);

/** The longest text an asset's text field holds. */
export const ASSET_TEXT_VALUE_MAX = 500;

/** A custom field's value as sent: a number, a text or one of the options; null or absent leaves it empty. */
export const AssetFieldValue = z.union([z.number().finite(), z.string().trim().max(ASSET_TEXT_VALUE_MAX, tooLong)]);
export type AssetFieldValue = z.infer<typeof AssetFieldValue>;

/** Field values by field name, as an asset is written. */
export const AssetFieldValues = z
  .record(z.string().max(100, tooLong), AssetFieldValue.nullable())
  .refine((values) => Object.keys(values).length <= 100, tooLong);
export type AssetFieldValues = z.infer<typeof AssetFieldValues>;

/** One field of an asset's value check that failed: which field, and the message code saying why. */
export interface AssetValueIssue {
  field: string;
  code: MessageCode;
}

/** A value counts as filled when it is a number or a non-empty text. */
const filled = (value: AssetFieldValue | null | undefined) =>
  typeof value === 'number' || (typeof value === 'string' && value.trim() !== '');

/**
 * SPEC section 3: an asset's values against its type's fields, the one rule the server enforces on every write and
 * the dialog shows as the user types. A number field takes a number (a numeric text is accepted, as a form sends it),
 * an options field one of its options, a text field any text; a required field must be filled; a name the type does
 * not have is refused.
 */
export function assetValueIssues(
  fields: readonly AssetFieldDefinition[],
  values: Readonly<Record<string, AssetFieldValue | null | undefined>>,
): AssetValueIssue[] {
  const issues: AssetValueIssue[] = [];
  const names = new Set(fields.map((field) => field.name));
  for (const name of Object.keys(values)) {
    if (!names.has(name)) issues.push({ field: name, code: 'asset.unknown_field' });
  }
  for (const field of fields) {
    const value = values[field.name];
    if (!filled(value)) {
      if (field.required) issues.push({ field: field.name, code: 'validation.required' });
      continue;
    }
    if (field.type === 'number' && normalisedAssetValue(field, value) === null)
      issues.push({ field: field.name, code: 'asset.field_not_number' });
    if (field.type === 'options' && !field.options?.includes(String(value)))
      issues.push({ field: field.name, code: 'asset.field_not_option' });
  }
  return issues;
}

/** The value as stored: numbers as numbers (a numeric text converted), texts trimmed; null when empty or malformed. */
export function normalisedAssetValue(
  field: AssetFieldDefinition,
  value: AssetFieldValue | null | undefined,
): AssetFieldValue | null {
  if (!filled(value)) return null;
  if (field.type !== 'number') return String(value).trim();
  const number = typeof value === 'number' ? value : Number(String(value).trim().replace(',', '.'));
  return Number.isFinite(number) ? number : null;
}

/**
 * "Incomplete" (SPEC section 5): a required field is empty. An asset type later given a new required field leaves
 * its assets valid but incomplete until the field is filled.
 */
export function isAssetIncomplete(
  fields: readonly AssetFieldDefinition[],
  values: Readonly<Record<string, AssetFieldValue | null | undefined>>,
): boolean {
  return fields.some((field) => field.required && !filled(values[field.name]));
}

/** The device an asset is linked to now, with what a list row and the asset mode of the device screen show of it. */
export const AssetDevice = z.object({
  uuid: z.string(),
  description: z.string(),
  deviceType: z.string(),
  lastSeenAt: z.string().nullable(),
  /** Its latest reading per signal key, as `Device.signalValues`. */
  signalValues: z.record(z.string(), z.object({ value: z.unknown(), date: z.string() })),
  /** Its alarms not yet acknowledged (active, latched or snoozed). */
  openAlarms: z.number().int(),
});

/** An asset as SPEC section 3 shows it: its fields carry the type's definition and the asset's value. */
export const Asset = z
  .object({
    _id: z.string(),
    businessId: z.string(),
    business: z.object({ id: z.string(), description: z.string() }),
    description: z.string(),
    assetType: z.object({ id: z.string(), name: z.string() }),
    fields: z.array(
      z.object({
        name: z.string(),
        type: AssetFieldType,
        options: z.array(z.string()).optional(),
        required: z.boolean().optional(),
        value: z.union([z.number(), z.string()]).nullable(),
      }),
    ),
    /** A required field is empty ("Incomplete", SPEC section 5). */
    incomplete: z.boolean(),
    /** The device linked now; null for an orphan asset. */
    device: AssetDevice.nullable(),
    linkedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: Version,
  })
  .meta({ id: 'Asset' });
export type Asset = z.infer<typeof Asset>;

/** One period an asset was linked to a device; the current one has no `unlinkedAt`. */
export const AssetLink = z.object({
  device: z.object({ uuid: z.string(), description: z.string() }),
  linkedAt: z.string(),
  unlinkedAt: z.string().nullable(),
});
export type AssetLink = z.infer<typeof AssetLink>;

/** `GET /assets/{assetId}`: the asset with its link history, newest first. */
export const AssetDetail = Asset.extend({ links: z.array(AssetLink) }).meta({ id: 'AssetDetail' });
export type AssetDetail = z.infer<typeof AssetDetail>;

export const ASSET_PAGE_SIZES = [25, 50, 100, 200] as const;

/** `GET /customer-business/{id}/assets`: the subtree's assets by description, keyset-paged, filtered. */
export const AssetListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  assetType: Id.optional(),
  /** Only assets with no device linked. */
  orphan: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  /** `count`: answer how many assets match the filters (`AssetCount`) instead of a page. */
  mode: z.enum(['count']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** The `nextCursor` of the previous page, for the same filters. */
  cursor: z.string().max(1000).optional(),
});
export type AssetListQuery = z.infer<typeof AssetListQuery>;

/**
 * A page carries no total: counting every match on each page made a page of 50 cost as much as reading them all (a
 * page of orphans among 100,000 assets took 6 times the device page). Screens ask once per filter with `mode=count`.
 */
export const AssetPage = z.object({ items: z.array(Asset), nextCursor: z.string().nullable() });
export type AssetPage = z.infer<typeof AssetPage>;

export const AssetCount = z.object({ count: z.number().int() });
export type AssetCount = z.infer<typeof AssetCount>;

export const AssetParams = z.object({ assetId: Id });

/** `POST /customer-business/{id}/asset`: a new asset in that level, optionally linked to a free device at once. */
export const CreateAssetRequest = z.object({
  assetData: z.object({
    description: z.string(required).trim().min(1, required).max(200, tooLong),
    assetType: Id,
    values: AssetFieldValues.default({}),
    deviceUUID: Id.nullish(),
  }),
});
export type CreateAssetRequest = z.infer<typeof CreateAssetRequest>;

/**
 * `PATCH /customer-business/{id}/asset`: edit over the `version` read (409 when stale). Absent parts stay; `values`
 * replaces every value; `deviceUUID` links that free device (unlinking the one before) and null unlinks. The asset
 * type is fixed at creation.
 */
export const UpdateAssetRequest = z.object({
  assetData: z.object({
    _id: Id,
    version: Version,
    description: z.string(required).trim().min(1, required).max(200, tooLong).optional(),
    values: AssetFieldValues.optional(),
    deviceUUID: Id.nullable().optional(),
  }),
});
export type UpdateAssetRequest = z.infer<typeof UpdateAssetRequest>;

/** `DELETE /customer-business/{id}/asset`: delete assets; their devices become free and keep their readings. */
export const DeleteAssetsRequest = z.object({
  assets: z.array(Id).min(1, required).max(10_000),
});
export type DeleteAssetsRequest = z.infer<typeof DeleteAssetsRequest>;

/**
 * `POST /customer-business/{id}/asset/move`: move assets, with their linked devices, to level `{id}`. With `dryRun`
 * it answers what would happen and changes nothing: that answer is the warning the screen shows.
 */
export const MoveAssetsRequest = z.object({
  assets: z.array(Id).min(1, required).max(10_000),
  dryRun: z.boolean().optional(),
});
export type MoveAssetsRequest = z.infer<typeof MoveAssetsRequest>;

export const MoveAssetsResult = z.object({
  dryRun: z.boolean(),
  assets: z.number().int(),
  /** Linked devices that move with their assets. */
  devices: z.number().int(),
  /** Open alarms of those devices, forced to acknowledged (`forcedAcknowledge`). */
  alarmsAcknowledged: z.number().int(),
  /** Running or paused journeys of those devices, finalised. */
  journeysFinalised: z.number().int(),
});
export type MoveAssetsResult = z.infer<typeof MoveAssetsResult>;

/** `GET /customer-business/{id}/assets/export-csv`: the subtree's assets that match the list's filters. */
export const AssetExportQuery = AssetListQuery.pick({ search: true, assetType: true, orphan: true });
export type AssetExportQuery = z.infer<typeof AssetExportQuery>;

/** `POST /customer-business/{id}/assets/import-csv?assetType=`: every line an asset of that type in level `{id}`. */
export const AssetImportQuery = z.object({ assetType: Id });
export type AssetImportQuery = z.infer<typeof AssetImportQuery>;

export const AssetImportResult = z.object({ created: z.number().int() });
export type AssetImportResult = z.infer<typeof AssetImportResult>;
