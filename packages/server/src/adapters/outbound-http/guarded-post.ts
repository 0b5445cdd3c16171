import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
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

/**
 * One POST to an address a user gave us (a callback receiver, a Geotab server): redirects are never followed (a 3xx
 * is the answer), the wait is bounded, only the start of the body is kept, and unless allowed no private address is
 * reached, by literal or by name.
 */
export function guardedPost(url: URL, options: GuardedPostOptions): Promise<GuardedPostAnswer> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivateAddresses && isIP(host) !== 0 && isPrivateAddress(host)) {
    return Promise.reject(new AddressNotAllowedError(host));
  }
  const limit = options.bodyLimitBytes ?? 64 * 1024;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: 'POST',
      headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
      ...(options.allowPrivateAddresses ? {} : { lookup: guardedLookup as never }),
    });
    const timer = setTimeout(
      () => request.destroy(new Error(`no answer within ${options.timeoutMs / 1000} s`)),
      options.timeoutMs,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    request.on('error', fail);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).subarray(0, limit).toString('utf8') });
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        // A talkative receiver cannot hold memory: what is past the limit is not read.
        if (size >= limit) {
          response.destroy();
          finish();
        }
      });
      response.on('end', finish);
      response.on('error', fail);
    });
    request.end(options.body);
  });
}
