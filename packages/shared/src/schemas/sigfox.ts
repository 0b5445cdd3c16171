import { z } from '../validation.js';

/** At this share of tokens in use the app warns, and opens the token dialog by itself for provider staff. */
export const SIGFOX_TOKEN_WARNING_RATIO = 0.9;

/** In use over the maximum, 0 when there is no maximum. */
export function sigfoxTokenRatio(record: { maxTokens: number; tokensInUse: number }): number {
  return record.maxTokens > 0 ? record.tokensInUse / record.maxTokens : 0;
}

/**
 * A token type's tokens, computed over the bought, unexpired contracts of that type: bought (`maxTokens`), used now
 * by the Sigfox devices in the contracts' reach (`tokensInUse`), and spent by their token periods (`tokensUsed`).
 */
export const SigfoxTokenRecord = z
  .object({
    type: z.string(),
    maxTokens: z.number().int(),
    tokensInUse: z.number().int(),
    tokensUsed: z.number().int(),
    /** `tokensInUse / maxTokens`, from 0 to 1 (above 1 when over the maximum). */
    tokenRatio: z.number(),
  })
  .meta({ id: 'SigfoxTokenRecord' });
export type SigfoxTokenRecord = z.infer<typeof SigfoxTokenRecord>;

export const SigfoxTokenRecords = z.array(SigfoxTokenRecord);
