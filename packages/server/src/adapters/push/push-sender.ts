import webpush from 'web-push';

/** Where and how to reach one browser: the `PushSubscription` JSON the browser gave us. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What the push service answered. */
export interface PushResponse {
  statusCode: number;
  /** The start of the answer's body, for the record of a refusal. */
  body: string;
}

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface PushSender {
  /** The VAPID public key browsers subscribe with (`applicationServerKey`). */
  readonly publicKey: string;
  /**
   * Encrypts `payload` for the subscription (aes128gcm) and posts it to its push service with a VAPID signature.
   * Answers whatever status came back; throws, with a readable message, when no answer came in time.
   */
  send(target: PushTarget, payload: string): Promise<PushResponse>;
}

const BODY_EXCERPT_BYTES = 300;

/** Reads at most `limit` bytes of a body, so a talkative endpoint cannot hold memory. */
async function readExcerpt(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  await reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8').trim();
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
  if (error instanceof Error) {
    const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
    const detail =
      typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : '';
    return detail ? `${error.message}: ${detail}` : error.message;
  }
  return String(error);
}

/**
 * Web push with `web-push` building the encrypted, signed request and `fetch` sending it: any http(s) endpoint, no
 * redirects followed, a bounded wait.
 */
export function createWebPushSender(options: {
  vapid: VapidDetails;
  timeoutMs?: number;
  ttlSeconds?: number;
}): PushSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const ttlSeconds = options.ttlSeconds ?? 24 * 60 * 60;
  return {
    publicKey: options.vapid.publicKey,
    async send(target, payload) {
      const details = webpush.generateRequestDetails(target, payload, {
        vapidDetails: options.vapid,
        TTL: ttlSeconds,
        contentEncoding: 'aes128gcm',
      });
      // fetch works the length out itself; the rest are strings for it.
      const headers = Object.fromEntries(
        Object.entries(details.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      try {
        const response = await fetch(details.endpoint, {
          method: 'POST',
          headers,
          body: details.body ? new Uint8Array(details.body) : null,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        return { statusCode: response.status, body: await readExcerpt(response, BODY_EXCERPT_BYTES) };
      } catch (error) {
        throw new Error(describeFailure(error, timeoutMs), { cause: error });
      }
    },
  };
}
