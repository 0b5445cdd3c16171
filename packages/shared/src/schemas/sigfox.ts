import { INTEGER_COLUMN_MAX, z } from '../validation.js';
import { Version } from './common.js';

/** At this share of tokens in use the app warns, and opens the token dialog by itself for provider staff. */
export const SIGFOX_TOKEN_WARNING_RATIO = 0.9;

/** In use over the maximum, 0 when there is no maximum. */
export function sigfoxTokenRatio(record: { maxTokens: number; tokensInUse: number }): number {
  return record.maxTokens > 0 ? record.tokensInUse / record.maxTokens : 0;
}

export const SigfoxTokenRecord = z
  .object({
    type: z.string(),
    maxTokens: z.number().int(),
    tokensInUse: z.number().int(),
    tokensUsed: z.number().int(),
    /** `tokensInUse / maxTokens`, from 0 to 1 (above 1 when over the maximum). */
    tokenRatio: z.number(),
    version: Version,
  })
  .meta({ id: 'SigfoxTokenRecord' });
export type SigfoxTokenRecord = z.infer<typeof SigfoxTokenRecord>;

export const SigfoxTokenRecords = z.array(SigfoxTokenRecord);

const Count = z
  .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid') })
  .int({ error: 'validation.invalid' })
  .min(0, { error: 'validation.invalid' })
  .max(INTEGER_COLUMN_MAX, { error: 'validation.invalid' });

export const SigfoxTokenTypeParams = z.object({ type: z.string().trim().min(1).max(64) });

/** `PUT /sigfox-contracts/contract-dots/{type}`: provider staff keep a record; `version` only when it exists. */
export const UpdateSigfoxTokenRecordRequest = z.object({
  maxTokens: Count,
  tokensInUse: Count,
  tokensUsed: Count,
  version: Version.optional(),
});
export type UpdateSigfoxTokenRecordRequest = z.infer<typeof UpdateSigfoxTokenRecordRequest>;
