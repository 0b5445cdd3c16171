import { SIGFOX_TOKEN_WARNING_RATIO, type SigfoxTokenRecord } from '@iot/shared';

/** SPEC section 9: 90 % or more of a type's tokens in use is a warning. */
export const isTokenWarning = (record: Pick<SigfoxTokenRecord, 'tokenRatio'>) =>
  record.tokenRatio >= SIGFOX_TOKEN_WARNING_RATIO;

export const hasTokenWarning = (records: readonly Pick<SigfoxTokenRecord, 'tokenRatio'>[] | undefined) =>
  (records ?? []).some(isTokenWarning);
