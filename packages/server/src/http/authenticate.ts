import type { FastifyRequest } from 'fastify';
import type { AuthService, Session } from '../modules/auth/service.js';
import { AppError } from './app-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** A route hook (onRequest) for routes that need a signed-in user: 401 without a live access token. */
export function requireSession(auth: AuthService) {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const session = token ? await auth.authenticate(token) : undefined;
    if (!session) throw new AppError('auth.required');
    request.session = session;
  };
}

/** The session a `requireSession` route runs with. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new AppError('auth.required');
  return request.session;
}

/** The signed-in user of a `requireSession` route. */
export const sessionUser = (request: FastifyRequest) => sessionOf(request).user;
