import { type Business, type BusinessLog, BusinessTheme, ViewPermissions } from '@iot/shared';
import type { BusinessLogRow } from './repo.js';
import type { BusinessView } from './service.js';

export function parseTheme(json: string | null): BusinessTheme | null {
  if (json === null) return null;
  const parsed = BusinessTheme.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

/** A node as SPEC section 3 shows it. */
export function presentBusiness({ row, parentSlug, childIds, users, deviceCount }: BusinessView): Business {
  return {
    _id: row.id,
    slug: row.slug,
    description: row.description,
    parent: parentSlug,
    children: childIds,
    status: row.status,
    logo: row.logo,
    theme: parseTheme(row.theme),
    usersAdv: { users },
    deviceCount,
    active: { cfg: row.cfgLocked === 0, merged: row.mergedLocked === 0 },
    version: row.version,
  };
}

export function presentBusinessLog(row: BusinessLogRow): BusinessLog {
  return {
    _id: row.id,
    businessId: row.businessId,
    user: row.userEmail,
    action: row.action,
    details: JSON.parse(row.details) as Record<string, unknown>,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** A node's own per-role views; a stored value that does not parse counts as unset (inherited). */
export function parseViewPermissions(json: string | null): ViewPermissions {
  if (json === null) return {};
  const parsed = ViewPermissions.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : {};
}
