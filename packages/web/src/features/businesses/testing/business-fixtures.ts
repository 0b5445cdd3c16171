import type { Business } from '@iot/shared';

/** A business as the API answers it, for tests: `parent` is the parent's id here, sent as its slug. */
export function business(id: string, description: string, parent: string | null, extra: Partial<Business> = {}) {
  return {
    _id: id,
    slug: `slug-${id}`,
    description,
    parent: parent === null ? null : `slug-${parent}`,
    children: [],
    status: 0,
    logo: null,
    theme: null,
    usersAdv: { users: [] },
    deviceCount: 0,
    active: { cfg: false, merged: false },
    version: 1,
    ...extra,
  } satisfies Business;
}
