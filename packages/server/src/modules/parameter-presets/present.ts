import type { ParameterPreset, ParameterProfile } from '@iot/shared';
import type { ScopedParameterPresetRow } from './repo.js';

/** A parameter preset as SPEC section 3 shows it. */
export function presentParameterPreset(row: ScopedParameterPresetRow): ParameterPreset {
  return {
    uuid: row.id,
    name: row.name,
    description: row.description,
    model: row.model,
    profile: JSON.parse(row.profile) as ParameterProfile,
    businessId: row.businessId,
    business: { id: row.businessId, description: row.businessDescription },
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    version: row.version,
  };
}
