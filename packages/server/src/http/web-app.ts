import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { issueCsrfCookie } from './csrf.js';
import { sendError } from './error-handler.js';

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Serves the built web app: hashed assets cached for good, everything else revalidated, and `index.html` for every
 * path that is neither a file nor under `/api` (history-mode routes). Unknown `/api` paths answer 404 JSON.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string) {
  const hasWebApp = existsSync(join(webDistDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: false,
      wildcard: false,
      cacheControl: false,
      setHeaders(response, path) {
        response.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'no built web app found: only /api is served (run `npm run build`)');
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!hasWebApp || !wantsPage || isApiPath(request.url)) return sendError(request, reply, 'not_found');
    issueCsrfCookie(request, reply);
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
