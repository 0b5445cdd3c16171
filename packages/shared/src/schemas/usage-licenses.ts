import { z } from '../validation.js';
import { Version } from './common.js';

const required = { error: 'validation.required' } as const;
const tooLong = { error: 'validation.too_long' } as const;
const Id = z.string().min(1, required).max(64, tooLong);
const Instant = z.iso.datetime({ offset: true, error: 'validation.invalid' });
const Text = (max: number) => z.string().trim().max(max, tooLong);

/** A usage license (SPEC section 3). Null dates: open-ended. */
export const UsageLicense = z
  .object({
    _id: z.string(),
    /** The license's own id, as written on it (unique in its business). */
    licenseId: z.string(),
    business: z.object({ id: z.string(), description: z.string() }),
    corporateName: z.string(),
    type: z.string(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    expired: z.boolean(),
    /** How many devices name it. */
    devices: z.number().int(),
    comments: z.string(),
    omie: z.object({
      contractId: z.string().nullable(),
      startsAt: z.string().nullable(),
      endsAt: z.string().nullable(),
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: Version,
  })
  .meta({ id: 'UsageLicense' });
export type UsageLicense = z.infer<typeof UsageLicense>;

export const UsageLicenseParams = z.object({ id: Id });

/**
 * `GET /usage-licenses`: by license id, keyset-paged. Provider staff see all; others those of the levels they reach
 * and of those levels' ancestors (their devices may name them). `forBusinessId`: the licenses a device of that level
 * may name (its own and its ancestors').
 */
export const UsageLicenseListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  businessId: Id.optional(),
  forBusinessId: Id.optional(),
  /** Only those ending within this many days from now (expired ones excluded). */
  expiringWithinDays: z.coerce.number().int().min(0).max(3660).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(1000).optional(),
});
export type UsageLicenseListQuery = z.infer<typeof UsageLicenseListQuery>;

export const UsageLicensePage = z.object({ items: z.array(UsageLicense), nextCursor: z.string().nullable() });
export type UsageLicensePage = z.infer<typeof UsageLicensePage>;

const Omie = z
  .object({
    contractId: Text(100).nullable().optional(),
    startsAt: Instant.nullable().optional(),
    endsAt: Instant.nullable().optional(),
  })
  .strict();

/** `POST /usage-licenses` (provider staff). */
export const CreateUsageLicenseRequest = z
  .object({
    businessId: Id,
    licenseId: Text(100).min(1, required),
    corporateName: Text(200).default(''),
    type: Text(100).min(1, required),
    startsAt: Instant.nullable().default(null),
    endsAt: Instant.nullable().default(null),
    comments: Text(2000).default(''),
    omie: Omie.default({}),
  })
  .strict();
export type CreateUsageLicenseRequest = z.infer<typeof CreateUsageLicenseRequest>;

/** `PATCH /usage-licenses/{id}` over the `version` read (409 when stale); absent fields stay. */
export const UpdateUsageLicenseRequest = z
  .object({
    version: Version,
    licenseId: Text(100).min(1, required).optional(),
    corporateName: Text(200).optional(),
    type: Text(100).min(1, required).optional(),
    startsAt: Instant.nullable().optional(),
    endsAt: Instant.nullable().optional(),
    comments: Text(2000).optional(),
    omie: Omie.optional(),
  })
  .strict();
export type UpdateUsageLicenseRequest = z.infer<typeof UpdateUsageLicenseRequest>;

export const UsageLicenseDeleteQuery = z.object({ version: z.coerce.number().pipe(Version) });

/** `GET /usage-licenses/{id}/devices`: the devices naming the license, by description, keyset-paged. */
export const UsageLicenseDevicesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(1000).optional(),
});
export const UsageLicenseDevice = z.object({
  uuid: z.string(),
  description: z.string(),
  business: z.object({ id: z.string(), description: z.string() }),
});
export const UsageLicenseDevicePage = z.object({
  items: z.array(UsageLicenseDevice),
  nextCursor: z.string().nullable(),
});
export type UsageLicenseDevicePage = z.infer<typeof UsageLicenseDevicePage>;

/** How a device shows the license it names (the device list flags an expired one). */
export const DeviceUsageLicense = z.object({ id: z.string(), licenseId: z.string(), expired: z.boolean() });
export type DeviceUsageLicense = z.infer<typeof DeviceUsageLicense>;
