import { isProviderStaff, type UpdateProfileRequest, type UserPage, type UsersQuery } from '@iot/shared';
import type { Updateable } from 'kysely';
import type { UsersTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { SessionCache } from '../auth/session-cache.js';
import type { UserRow } from './present.js';
import type { UsersRepo } from './repo.js';

export function createUsersService({ usersRepo, sessions }: { usersRepo: UsersRepo; sessions: SessionCache }) {
  return {
    /** The users page (SPEC section 6): provider staff only. */
    async list(viewer: UserRow, query: UsersQuery): Promise<UserPage> {
      if (!isProviderStaff(viewer)) throw new AppError('forbidden');
      const { rows, total } = await usersRepo.page({
        ...(query.search ? { search: query.search } : {}),
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        data: rows.map((row) => ({
          email: row.email,
          name: `${row.firstName} ${row.lastName}`.trim(),
          role: row.role,
          confirmed: row.emailConfirmedAt !== null,
          businesses: Number(row.businesses ?? 0),
        })),
        totalElements: total,
        hasNext: query.page * query.pageSize < total,
      };
    },

    /** A user by e-mail: oneself, or anyone for provider staff; for everyone else another user does not exist. */
    async getByEmail(viewer: UserRow, email: string): Promise<UserRow> {
      const normalised = email.trim().toLowerCase();
      if (viewer.role !== 'product' && normalised !== viewer.email) throw new AppError('not_found');
      const user = await usersRepo.findByEmail(normalised);
      if (!user) throw new AppError('not_found');
      return user;
    },

    /** Saves the fields sent, only over the version the client read: otherwise 409, nothing overwritten. */
    async updateProfile(user: UserRow, request: UpdateProfileRequest): Promise<UserRow> {
      const changes: Updateable<UsersTable> = {
        firstName: request.firstName,
        lastName: request.lastName,
        language: request.language,
        timezone: request.timezone,
        phone: request.phone,
        callReception: request.callReception && JSON.stringify(request.callReception),
      };
      if (request.periodOffWork !== undefined) {
        changes.offWorkFrom = request.periodOffWork?.from ?? null;
        changes.offWorkTo = request.periodOffWork?.to ?? null;
      }
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      const updated = await usersRepo.updateIfVersion(user.id, request.version, defined);
      if (!updated) throw new AppError('conflict');
      // The signed-in requests carry the user as their session read it: they read it again.
      sessions.forgetUser(user.id);
      return updated;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
