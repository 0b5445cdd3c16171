import { type Language, resolveLanguage } from '@iot/shared';
import type { FastifyRequest } from 'fastify';

/**
 * The language of a request: its `lang` query parameter (en, pt), else English. Read from the raw URL, because a
 * route's own query schema may not keep `lang`.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const queryStart = request.url.indexOf('?');
  if (queryStart < 0) return resolveLanguage(undefined);
  return resolveLanguage(new URLSearchParams(request.url.slice(queryStart + 1)).get('lang'));
}
