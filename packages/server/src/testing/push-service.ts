/// <reference path="./http-ece.d.ts" />
import { createECDH, createPublicKey, type JsonWebKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as ece from 'http_ece';

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A real push service on loopback: it keeps every request it receives and answers 201, or the status set for a path
 * (410 for a subscription that no longer exists, say).
 */
export async function startPushService() {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      const status = answers.get(path) ?? 201;
      response.statusCode = status;
      response.end(status >= 400 ? `push service says ${status}` : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    /** What the service answers to pushes to `path` from now on. */
    answer(path: string, status: number) {
      answers.set(path, status);
    },
    /** The pushes received at `path`. */
    pushesTo: (path: string) => received.filter((push) => push.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;

/**
 * What a browser does when it subscribes: a P-256 key pair and an auth secret of its own, and the subscription JSON it
 * hands the app. `read` decrypts a push sent to it (aes128gcm), as the browser would.
 */
export function createBrowserSubscription(endpoint: string) {
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  const authSecret = randomBytes(16);
  return {
    subscription: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: keys.getPublicKey('base64url'), auth: authSecret.toString('base64url') },
    },
    read(body: Buffer): string {
      return ece.decrypt(body, { version: 'aes128gcm', privateKey: keys, authSecret }).toString('utf8');
    },
  };
}

/**
 * Checks a push request's `Authorization: vapid t=<JWT>,k=<public key>` as a push service does: the JWT is signed
 * (ES256) by the key `k`. Answers `k` and the JWT's claims.
 */
export function readVapidAuthorization(header: string | undefined) {
  const match = header?.match(/^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/);
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, jwt = '', publicKey = ''] = match;
  const [head = '', claims = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const jwk: JsonWebKey = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  return {
    publicKey,
    signed,
    header: JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg: string; typ: string },
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string },
  };
}
