import { isProviderStaff } from '@iot/shared';
import { AppError } from '../../http/app-error.js';
import type { CreditsService, SigfoxTokenCounts } from '../credits/service.js';
import type { UserRow } from '../users/present.js';

/** Sigfox token status: provider staff only (SPEC section 6), computed from contracts and their devices. */
export function createSigfoxContractsService({ credits }: { credits: Pick<CreditsService, 'sigfoxTokenRecords'> }) {
  return {
    async list(user: UserRow): Promise<SigfoxTokenCounts[]> {
      if (!isProviderStaff(user)) throw new AppError('forbidden');
      return credits.sigfoxTokenRecords();
    },
  };
}

export type SigfoxContractsService = ReturnType<typeof createSigfoxContractsService>;
