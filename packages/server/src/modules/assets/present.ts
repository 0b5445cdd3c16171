import {
  type Asset,
  type AssetDetail,
  type AssetFieldDefinition,
  type AssetFieldValue,
  AssetType,
  isAssetIncomplete,
} from '@iot/shared';
import type { LinkedDeviceRow, ListedAssetRow } from './repo.js';

const FieldsSchema = AssetType.shape.fields;

type AssetDevice = NonNullable<Asset['device']>;

const iso = (time: number) => new Date(time).toISOString();

/** A stored JSON object column; anything else reads as empty (the columns are only ever written from objects). */
function objectOf<T>(json: string): Record<string, T> {
  const value: unknown = JSON.parse(json);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, T>) : {};
}

/** An asset type's stored fields; fields that do not parse read as none, as on the asset types page. */
export function fieldsOf(json: string): AssetFieldDefinition[] {
  const fields = FieldsSchema.safeParse(JSON.parse(json));
  return fields.success ? fields.data : [];
}

/** An asset's stored values by field name. */
export const valuesOf = (json: string) => objectOf<AssetFieldValue>(json);

/** The linked device as a list row shows it: its latest reading per signal with ISO dates. */
export function presentLinkedDevice(row: LinkedDeviceRow): AssetDevice {
  const signalValues = objectOf<{ value: unknown; date: number }>(row.signalValues);
  return {
    uuid: row.id,
    description: row.description,
    deviceType: row.deviceType,
    lastSeenAt: row.lastSeenAt === null ? null : iso(row.lastSeenAt),
    signalValues: Object.fromEntries(
      Object.entries(signalValues).map(([key, reading]) => [key, { value: reading.value, date: iso(reading.date) }]),
    ),
    openAlarms: row.openAlarms,
  };
}

/**
 * An asset as SPEC section 3 shows it: each of its type's fields with the asset's value (a value of a field the type
 * no longer has is not shown), "incomplete" while a required field is empty.
 */
export function presentAsset(row: ListedAssetRow, device: LinkedDeviceRow | undefined): Asset {
  const fields = fieldsOf(row.assetTypeFields);
  const values = valuesOf(row.fieldValues);
  return {
    _id: row.id,
    businessId: row.businessId,
    business: { id: row.businessId, description: row.businessDescription },
    description: row.description,
    assetType: { id: row.assetTypeId, name: row.assetTypeName },
    fields: fields.map((field) => ({
      name: field.name,
      type: field.type,
      ...(field.options ? { options: field.options } : {}),
      ...(field.required !== undefined ? { required: field.required } : {}),
      value: values[field.name] ?? null,
    })),
    incomplete: isAssetIncomplete(fields, values),
    device: row.deviceId && device ? presentLinkedDevice(device) : null,
    linkedAt: row.linkedAt === null ? null : iso(row.linkedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    version: row.version,
  };
}

/** An asset with its link history, newest first. */
export function presentAssetDetail(
  row: ListedAssetRow,
  device: LinkedDeviceRow | undefined,
  links: { deviceId: string; deviceDescription: string; linkedAt: number; unlinkedAt: number | null }[],
): AssetDetail {
  return {
    ...presentAsset(row, device),
    links: links.map((link) => ({
      device: { uuid: link.deviceId, description: link.deviceDescription },
      linkedAt: iso(link.linkedAt),
      unlinkedAt: link.unlinkedAt === null ? null : iso(link.unlinkedAt),
    })),
  };
}
