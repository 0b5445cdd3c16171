import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './error-handler.js';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Gives the browser a `csrftoken` cookie that the web app echoes in `X-CSRFToken` (double submit). */
export function issueCsrfCookie(request: FastifyRequest, reply: FastifyReply) {
  if (request.cookies[CSRF_COOKIE]) return;
  reply.setCookie(CSRF_COOKIE, randomBytes(18).toString('base64url'), {
    path: '/',
    sameSite: 'lax',
    secure: request.protocol === 'https',
    httpOnly: false,
  });
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A request that could come from another site's page (cookies, an unsafe method) without the token. */
function needsCsrfToken(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return false;
  if (request.headers.authorization || request.headers['x-api-key']) return false;
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  return !(cookie && typeof header === 'string' && sameToken(cookie, header));
}

/**
 * An unsafe request that carries cookies must send the `csrftoken` cookie's value in `X-CSRFToken`: a browser sends
 * cookies on its own, a page of another site cannot read them. Requests authenticated only by an Authorization or
 * API-key header carry nothing a browser adds by itself, so they are exempt.
 */
export function registerCsrfProtection(app: FastifyInstance) {
  // A callback hook (as the security headers' one): answering from it sends the reply and leaves `done` uncalled.
  app.addHook('onRequest', (request, reply, done) => {
    if (needsCsrfToken(request)) {
      issueCsrfCookie(request, reply);
      sendError(request, reply, 'csrf.failed');
      return;
    }
    done();
  });
}
