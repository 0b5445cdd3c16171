import { type AssetType, AssetType as AssetTypeSchema } from '@iot/shared';
import type { AssetTypeRow } from './repo.js';

const FieldsSchema = AssetTypeSchema.shape.fields;

/** An asset type as its architecture page shows it; stored fields that do not parse read as none. */
export function presentAssetType(row: AssetTypeRow): AssetType {
  const fields = FieldsSchema.safeParse(JSON.parse(row.fields));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    fields: fields.success ? fields.data : [],
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    version: row.version,
  };
}
