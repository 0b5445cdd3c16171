import { type SigfoxTokenRecord, sigfoxTokenRatio } from '@iot/shared';
import type { SigfoxTokenRecordRow } from './repo.js';

export function presentSigfoxTokenRecord(row: SigfoxTokenRecordRow): SigfoxTokenRecord {
  return {
    type: row.type,
    maxTokens: row.maxTokens,
    tokensInUse: row.tokensInUse,
    tokensUsed: row.tokensUsed,
    tokenRatio: sigfoxTokenRatio(row),
    version: row.version,
  };
}
