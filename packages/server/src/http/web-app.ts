import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { issueCsrfCookie } from './csrf.js';
import { sendError } from './error-handler.js';

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
/** A missing file (`/assets/index-1a2b.js` of an older build, say) is a 404, never the app's page in its place. */
const isFilePath = (url: string) =>
  /\.(js|mjs|css|map|json|svg|png|jpe?g|gif|webp|ico|woff2?|ttf|txt|webmanifest)$/i.test(url.split('?')[0] ?? '');

/**
 * Compresses answers above 1 KB (brotli, else gzip) for every route registered after it, so it goes before the API.
 * Answers are compressed per request, so brotli runs at a low quality: quality 11 costs more time than it saves. The
 * live-events stream writes on the hijacked raw response, which compression never sees, so no event is held back.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

/**
 * Serves the built web app as it is on disk (a rebuild needs no restart): the build's `.br` and `.gz` files of each
 * asset in place of the asset when the browser takes them, hashed assets cached for good, everything else
 * revalidated, and `index.html` for every path that is neither a file nor under `/api` (history-mode routes). Unknown
 * `/api` paths answer 404 JSON.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string) {
  const hasWebApp = existsSync(join(webDistDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders(response, path) {
        // Caches keep the brotli, gzip and plain answers of one path apart.
        response.setHeader('vary', 'accept-encoding');
        response.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'no built web app found: only /api is served (run `npm run build`)');
  }

  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    issueCsrfCookie(request, reply);
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  };
  // The folder itself is no file to the static handler, so the root gets the page explicitly.
  if (hasWebApp) app.get('/', { schema: { hide: true } }, sendPage);

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!hasWebApp || !wantsPage || isApiPath(request.url) || isFilePath(request.url)) {
      return sendError(request, reply, 'not_found');
    }
    return sendPage(request, reply);
  });
}
