import { type DeviceUsageLicense, type UsageLicense, usageLicenseExpired } from '@iot/shared';
import type { ListedUsageLicenseRow, UsageLicenseRow } from './repo.js';

/** A stored time (a bigint column: a string on PostgreSQL) in epoch ms, or null. */
const timeOf = (value: number | string | null) => (value === null ? null : Number(value));
const iso = (value: number | string | null) => {
  const time = timeOf(value);
  return time === null ? null : new Date(time).toISOString();
};

/** A license as the API answers it, with how many devices name it and whether it has expired at `at`. */
export function presentUsageLicense(row: ListedUsageLicenseRow, devices: number, at: number): UsageLicense {
  return {
    _id: row.id,
    licenseId: row.licenseId,
    business: { id: row.businessId, description: row.businessDescription },
    corporateName: row.corporateName,
    type: row.type,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    expired: usageLicenseExpired({ endsAt: timeOf(row.endsAt) }, at),
    devices,
    comments: row.comments,
    omie: {
      contractId: row.omieContractId,
      startsAt: iso(row.omieStartsAt),
      endsAt: iso(row.omieEndsAt),
    },
    createdAt: iso(row.createdAt) ?? '',
    updatedAt: iso(row.updatedAt) ?? '',
    version: row.version,
  };
}

/** The license a device names, as the device shows it. */
export function presentDeviceUsageLicense(
  license: Pick<UsageLicenseRow, 'id' | 'licenseId' | 'endsAt'>,
  at: number,
): DeviceUsageLicense {
  return {
    id: license.id,
    licenseId: license.licenseId,
    expired: usageLicenseExpired({ endsAt: timeOf(license.endsAt) }, at),
  };
}
