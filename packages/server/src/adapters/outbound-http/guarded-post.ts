import { lookup as dnsLookup, promises as dnsPromises, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, request } from 'undici';
import { isPrivateAddress } from '../push/endpoint-policy.js';

/** The host of an address a user typed resolves to this machine or a private network. */
export class AddressNotAllowedError extends Error {
  constructor(readonly host: string) {
    super(`the address of ${host} is on a private network`);
    this.name = 'AddressNotAllowedError';
  }
}

export interface GuardedPostOptions {
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Lets the request reach this machine and private networks (tests, closed installations). */
  allowPrivateAddresses: boolean;
  /** How much of the answer's body is kept. */
  bodyLimitBytes?: number;
}

export interface GuardedPostAnswer {
  status: number;
  body: string;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * Resolves as the socket would, then refuses private addresses. The check is on the very addresses the connection
 * then uses, so a name that resolves to a public address when checked and a private one when connecting (DNS
 * rebinding) cannot slip through.
 */
function guardedLookup(hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback) {
  dnsLookup(hostname, { family: options.family ?? 0, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.some((entry) => isPrivateAddress(entry.address))) {
      return callback(new AddressNotAllowedError(hostname), []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0] as LookupAddress;
    return callback(null, first.address, first.family);
  });
}

/** How long a name given to be saved is waited for to resolve. */
const LOOKUP_WAIT_MS = 3_000;

/**
 * Refuses, before it is saved, an address a user gave that is this machine or a private network: by literal, by a name
 * such as `localhost`, or by what the name resolves to now. A name that does not resolve is let through: the guarded
 * connection checks again each time it connects.
 */
export async function assertPublicAddress(url: URL): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host) !== 0) {
    if (isPrivateAddress(host)) throw new AddressNotAllowedError(host);
    return;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) throw new AddressNotAllowedError(host);
  // A resolver that does not answer soon does not hold the save up.
  const unanswered = new Promise<LookupAddress[]>((resolve) => setTimeout(resolve, LOOKUP_WAIT_MS, []).unref());
  const addresses = await Promise.race([dnsPromises.lookup(host, { all: true }).catch(() => []), unanswered]);
  if (addresses.some((entry) => isPrivateAddress(entry.address))) throw new AddressNotAllowedError(host);
}

/** Connections that refuse private addresses (resolved by `guardedLookup`), and connections that do not. */
const guardedAgent = new Agent({ connect: { lookup: guardedLookup as never } });
const openAgent = new Agent();

/**
 * One POST to an address a user gave us (a callback receiver, a Geotab server), with undici: redirects are never
 * followed (a 3xx is the answer), the wait is bounded, only the start of the body is kept, and unless allowed no
 * private address is reached, by literal or by name.
 */
export async function guardedPost(url: URL, options: GuardedPostOptions): Promise<GuardedPostAnswer> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivateAddresses && isIP(host) !== 0 && isPrivateAddress(host)) {
    throw new AddressNotAllowedError(host);
  }
  const limit = options.bodyLimitBytes ?? 64 * 1024;
  const timeout = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await request(url, {
      method: 'POST',
      headers: options.headers,
      body: options.body,
      dispatcher: options.allowPrivateAddresses ? openAgent : guardedAgent,
      signal: timeout,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      // A talkative receiver cannot hold memory: what is past the limit is not read.
      if (size >= limit) {
        response.body.destroy();
        break;
      }
    }
    return { status: response.statusCode, body: Buffer.concat(chunks).subarray(0, limit).toString('utf8') };
  } catch (error) {
    if (timeout.aborted) throw new Error(`no answer within ${options.timeoutMs / 1000} s`);
    // undici wraps what the connection failed with; the refusal of a private address is what callers act on.
    const cause = error instanceof Error ? error.cause : undefined;
    if (error instanceof AddressNotAllowedError) throw error;
    if (cause instanceof AddressNotAllowedError) throw cause;
    throw error;
  }
}
