import { ErrorResponse } from '@iot/shared';

/** The failures a read answers with (bad input, not signed in, not found or not reachable). */
export const READ_ERRORS = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse };
/** The failures a change answers with, besides a read's: not allowed, a stale version, refused by a rule. */
export const WRITE_ERRORS = { ...READ_ERRORS, 403: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse };
