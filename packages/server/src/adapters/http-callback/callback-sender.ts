import type { CallbackTarget } from '@iot/shared';
import { AddressNotAllowedError, guardedPost } from '../outbound-http/guarded-post.js';

export { AddressNotAllowedError };

/** How one POST to a callback receiver went. */
export interface CallbackResult {
  /** The receiver's HTTP status; null when no answer came. */
  status: number | null;
  /** The start of the receiver's answer. */
  body: string;
  /** Why it counts as failed (no answer, or not a 2xx); null when it succeeded. */
  error: string | null;
  durationMs: number;
}

export interface CallbackSender {
  /**
   * POSTs `payload` as JSON to the target with its authentication. Never throws for the receiver's failures (they
   * are in the result); throws `AddressNotAllowedError` when the target is on a private network and that is not
   * allowed, since nothing was sent then.
   */
  send(target: CallbackTarget, payload: unknown): Promise<CallbackResult>;
}

const BODY_EXCERPT_BYTES = 2_000;

/** The URL and headers that carry the target's authentication. */
function authenticated(target: CallbackTarget): { url: URL; headers: Record<string, string> } {
  const url = new URL(target.url);
  const headers: Record<string, string> = {};
  const { auth } = target;
  if (auth.type === 'basic') {
    headers.authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
  } else if (auth.type === 'apiKey') {
    if (auth.location === 'header') headers[auth.name.toLowerCase()] = auth.value;
    else url.searchParams.set(auth.name, auth.value);
  }
  return { url, headers };
}

/** HTTP POST callbacks (SPEC 9 "HTTP POST callback") with Node's own HTTP client: no redirects, a bounded wait. */
export function createCallbackSender(options: {
  allowPrivateAddresses: boolean;
  timeoutMs?: number;
  now?: () => number;
}): CallbackSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? (() => performance.now());
  return {
    async send(target, payload) {
      const { url, headers } = authenticated(target);
      const started = now();
      try {
        const answer = await guardedPost(url, {
          headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'iot-platform-callback' },
          body: JSON.stringify(payload),
          timeoutMs,
          allowPrivateAddresses: options.allowPrivateAddresses,
          bodyLimitBytes: BODY_EXCERPT_BYTES,
        });
        const ok = answer.status >= 200 && answer.status < 300;
        return {
          status: answer.status,
          body: answer.body,
          error: ok ? null : `HTTP ${answer.status}`,
          durationMs: Math.round(now() - started),
        };
      } catch (error) {
        if (error instanceof AddressNotAllowedError) throw error;
        const message = error instanceof Error ? error.message : String(error);
        return { status: null, body: '', error: message, durationMs: Math.round(now() - started) };
      }
    },
  };
}
