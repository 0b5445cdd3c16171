import type { ErrorCode, Message } from '@iot/shared';

/** A refusal the caller should see: a stable code (its status and message come from `@iot/shared`). */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly fields?: Record<string, Message>,
    readonly headers: Record<string, string> = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}
