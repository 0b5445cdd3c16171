import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedRequest, startReceiver } from '../../modules/actions/loopback-receiver.js';
import { createGeotabClient, GeotabError } from './geotab-client.js';

const INVALID_USER = {
  error: {
    name: 'JSONRPCError',
    message: 'Incorrect login credentials',
    errors: [{ name: 'InvalidUserException', message: 'Incorrect login credentials' }],
  },
};

/** Answers as Geotab's `/apiv1` does: `Authenticate` checks the password, later calls the session id. */
function geotab(request: ReceivedRequest) {
  const { method, params } = request.body as { method: string; params: Record<string, unknown> };
  if (method === 'Authenticate') {
    if (params.password !== 'right') return { status: 200, body: INVALID_USER };
    const sessionId = params.userName === 'no-session' ? undefined : 'session-1';
    return {
      status: 200,
      body: {
        result: {
          credentials: { database: params.database, userName: params.userName, sessionId },
          path: 'ThisServer',
        },
      },
    };
  }
  const credentials = params.credentials as { sessionId?: string };
  if (credentials.sessionId !== 'session-1') return { status: 200, body: INVALID_USER };
  return { status: 200, body: { result: method === 'Add' ? 'b1' : [] } };
}

describe('Geotab JSON-RPC', () => {
  let server: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    server = await startReceiver(geotab);
  });
  afterAll(() => server.close());
  const login = { server: 'my.geotab.com', database: 'fleet', username: 'ana', password: 'right' };

  it('authenticates, then calls with the session credentials', async () => {
    const client = createGeotabClient({ apiUrl: `${server.url}/apiv1`, allowPrivateAddresses: true });
    const session = await client.authenticate(login);
    expect(session.credentials).toEqual({ database: 'fleet', userName: 'ana', sessionId: 'session-1' });
    expect(await client.callWith(session, 'Add', { typeName: 'TextMessage', entity: {} })).toBe('b1');
    expect(server.received.at(-1)?.body).toMatchObject({
      method: 'Add',
      params: { credentials: { sessionId: 'session-1' } },
    });
  });

  it('names wrong credentials, an expired or absent session, and an unreachable server', async () => {
    const client = createGeotabClient({ apiUrl: `${server.url}/apiv1`, allowPrivateAddresses: true });
    const codeOf = (promise: Promise<unknown>) =>
      promise.then(
        () => 'ok',
        (error: unknown) => (error instanceof GeotabError ? error.code : String(error)),
      );
    expect(await codeOf(client.authenticate({ ...login, password: 'wrong' }))).toBe('geotab.invalid_credentials');
    expect(await codeOf(client.authenticate({ ...login, username: 'no-session' }))).toBe('geotab.session_expired');
    const stale = { server: 'x', credentials: { database: 'fleet', userName: 'ana', sessionId: 'old' } };
    expect(await codeOf(client.callWith(stale, 'Get', {}))).toBe('geotab.session_expired');
    const closed = createGeotabClient({ apiUrl: 'http://127.0.0.1:1/apiv1', allowPrivateAddresses: true });
    expect(await codeOf(closed.authenticate(login))).toBe('geotab.unreachable');
    const guarded = createGeotabClient({ apiUrl: `${server.url}/apiv1`, allowPrivateAddresses: false });
    expect(await codeOf(guarded.authenticate(login))).toBe('geotab.unreachable');
  });
});
