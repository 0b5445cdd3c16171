import { AddressNotAllowedError, guardedPost } from '../outbound-http/guarded-post.js';

export type GeotabErrorCode = 'geotab.invalid_credentials' | 'geotab.session_expired' | 'geotab.unreachable';

/** A Geotab refusal or outage, with the message code the API answers for it. */
export class GeotabError extends Error {
  constructor(
    readonly code: GeotabErrorCode,
    detail: string,
  ) {
    super(`${code}: ${detail}`);
    this.name = 'GeotabError';
  }
}

export interface GeotabLogin {
  server: string;
  database: string;
  username: string;
  password: string;
}

/** A signed-in session: the credentials later calls carry, and the server the database lives on. */
export interface GeotabSession {
  server: string;
  credentials: { database: string; userName: string; sessionId: string };
}

interface RpcAnswer {
  result?: unknown;
  error?: { message?: string; errors?: { name?: string; message?: string }[]; data?: { type?: string } };
}

/** Exceptions Geotab names when the user or the session is not accepted. */
const INVALID_USER = new Set(['InvalidUserException', 'InvalidMyAdminUserException']);

/**
 * Geotab's JSON-RPC API (`POST https://{server}/apiv1`): `Authenticate` gives a session id, which every other call
 * carries. `apiUrl` is a template where `{server}` stands for the server the user named, so tests can point it at
 * loopback. The server is a user's input: the same address policy as callbacks applies.
 */
export function createGeotabClient(options: { apiUrl: string; allowPrivateAddresses: boolean; timeoutMs?: number }) {
  const timeoutMs = options.timeoutMs ?? 15_000;

  function urlOf(server: string): URL {
    try {
      return new URL(options.apiUrl.replaceAll('{server}', server));
    } catch {
      throw new GeotabError('geotab.unreachable', `no server at ${server}`);
    }
  }

  /** One call; an `InvalidUserException` is `whenInvalidUser` (wrong password at sign-in, an expired session after). */
  async function call(server: string, method: string, params: object, whenInvalidUser: GeotabErrorCode) {
    let answer: RpcAnswer;
    try {
      const response = await guardedPost(urlOf(server), {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method, params }),
        timeoutMs,
        allowPrivateAddresses: options.allowPrivateAddresses,
        bodyLimitBytes: 1024 * 1024,
      });
      if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
      answer = JSON.parse(response.body) as RpcAnswer;
    } catch (error) {
      if (error instanceof GeotabError) throw error;
      const detail = error instanceof AddressNotAllowedError ? error.message : String(error);
      throw new GeotabError('geotab.unreachable', detail);
    }
    if (answer.error) {
      const names = [answer.error.data?.type, ...(answer.error.errors ?? []).map((error) => error.name)];
      const detail = answer.error.message ?? answer.error.errors?.[0]?.message ?? 'error';
      if (names.some((name) => name !== undefined && INVALID_USER.has(name)))
        throw new GeotabError(whenInvalidUser, detail);
      throw new GeotabError('geotab.unreachable', detail);
    }
    return answer.result;
  }

  return {
    /** Signs in; the database may live on another server than the one named (`path`), which later calls then use. */
    async authenticate(login: GeotabLogin): Promise<GeotabSession> {
      const result = (await call(
        login.server,
        'Authenticate',
        { database: login.database, userName: login.username, password: login.password },
        'geotab.invalid_credentials',
      )) as { credentials?: { database?: string; userName?: string; sessionId?: string }; path?: string } | undefined;
      const sessionId = result?.credentials?.sessionId;
      if (!sessionId) throw new GeotabError('geotab.session_expired', 'no session in the answer');
      const server = result.path && result.path !== 'ThisServer' ? result.path : login.server;
      return {
        server,
        credentials: {
          database: result.credentials?.database ?? login.database,
          userName: result.credentials?.userName ?? login.username,
          sessionId,
        },
      };
    },

    /** A call within a session; a session Geotab no longer accepts is `geotab.session_expired`. */
    callWith(session: GeotabSession, method: string, params: object): Promise<unknown> {
      return call(session.server, method, { ...params, credentials: session.credentials }, 'geotab.session_expired');
    },
  };
}

export type GeotabClient = ReturnType<typeof createGeotabClient>;
