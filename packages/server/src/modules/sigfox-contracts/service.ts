import { isProviderStaff, type UpdateSigfoxTokenRecordRequest } from '@iot/shared';
import { AppError } from '../../http/app-error.js';
import type { UserRow } from '../users/present.js';
import type { SigfoxContractsRepo, SigfoxTokenRecordRow } from './repo.js';

/** Sigfox token status: provider staff only (SPEC section 6). */
export function createSigfoxContractsService({
  sigfoxContractsRepo,
  now = Date.now,
}: {
  sigfoxContractsRepo: SigfoxContractsRepo;
  now?: () => number;
}) {
  function assertProviderStaff(user: UserRow) {
    if (!isProviderStaff(user)) throw new AppError('forbidden');
  }

  return {
    async list(user: UserRow): Promise<SigfoxTokenRecordRow[]> {
      assertProviderStaff(user);
      return sigfoxContractsRepo.list();
    },

    /**
     * Creates the record of `type` (no `version` sent) or updates it over the `version` the client read; a stale or
     * missing version is a conflict and nothing is overwritten. `tokensInUse` is kept as sent for now: once devices
     * exist (issue "Devices") it will be the count of registered Sigfox devices instead.
     */
    async save(
      user: UserRow,
      type: string,
      request: UpdateSigfoxTokenRecordRequest,
    ): Promise<{ record: SigfoxTokenRecordRow; created: boolean }> {
      assertProviderStaff(user);
      const counts = {
        maxTokens: request.maxTokens,
        tokensInUse: request.tokensInUse,
        tokensUsed: request.tokensUsed,
      };
      if (request.version === undefined) {
        const created = await sigfoxContractsRepo.insert(type, counts, now());
        if (!created) throw new AppError('conflict');
        return { record: created, created: true };
      }
      const updated = await sigfoxContractsRepo.updateIfVersion(type, request.version, counts, now());
      if (!updated) throw new AppError('conflict');
      return { record: updated, created: false };
    },
  };
}

export type SigfoxContractsService = ReturnType<typeof createSigfoxContractsService>;
