import {
  type Asset,
  type AssetFieldDefinition,
  type AssetFieldValue,
  assetValueIssues,
  type MessageCode,
  normalisedAssetValue,
} from '@iot/shared';

/** What the asset dialog edits: every value as typed (a number field's too), the device chosen or none. */
export interface AssetDraft {
  description: string;
  assetType: string;
  values: Record<string, string>;
  deviceUUID: string | null;
}

/** The draft of a new asset, or of `asset` as it is now. */
export function draftOf(asset?: Asset): AssetDraft {
  if (!asset) return { description: '', assetType: '', values: {}, deviceUUID: null };
  return {
    description: asset.description,
    assetType: asset.assetType.id,
    values: Object.fromEntries(
      asset.fields.map((field) => [field.name, field.value === null ? '' : String(field.value)]),
    ),
    deviceUUID: asset.device?.uuid ?? null,
  };
}

/** The draft's problems, by input: `description` or the field's name, as message codes (the server's own rule). */
export function draftIssues(fields: readonly AssetFieldDefinition[], draft: AssetDraft): Record<string, MessageCode> {
  const issues: Record<string, MessageCode> = {};
  if (!draft.description.trim()) issues.description = 'validation.required';
  const typed = Object.fromEntries(fields.map((field) => [field.name, draft.values[field.name] ?? '']));
  for (const issue of assetValueIssues(fields, typed)) issues[issue.field] ??= issue.code;
  return issues;
}

/** The values as sent: every field of the type, numbers as numbers, an empty input as null (which empties it). */
export function valuesToSend(
  fields: readonly AssetFieldDefinition[],
  values: Readonly<Record<string, string>>,
): Record<string, AssetFieldValue | null> {
  return Object.fromEntries(fields.map((field) => [field.name, normalisedAssetValue(field, values[field.name])]));
}

/** The server's refusals of a save, placed by input; what names no input of the dialog goes above them all. */
export interface PlacedErrors {
  description?: string;
  device?: string;
  values: Record<string, string>;
  other: string[];
}

/**
 * Places the `fields` of a 400 answer (keyed by the request's path, e.g. `assetData.values.Capacity`): a value's
 * under its input, the description's and the device's under theirs.
 */
export function placeServerErrors(
  fieldNames: readonly string[],
  errors: Readonly<Record<string, string>>,
): PlacedErrors {
  const placed: PlacedErrors = { values: {}, other: [] };
  for (const [path, message] of Object.entries(errors)) {
    const key = path.replace(/^assetData\./, '');
    if (key === 'description') placed.description = message;
    else if (key === 'deviceUUID') placed.device = message;
    else {
      const name = key.replace(/^values\.?/, '');
      if (key.startsWith('values') && fieldNames.includes(name)) placed.values[name] = message;
      else placed.other.push(message);
    }
  }
  return placed;
}
