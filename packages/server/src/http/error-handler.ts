import {
  ERROR_STATUS,
  type ErrorCode,
  type ErrorResponse,
  issueMessage,
  type Message,
  parseMessage,
  translate,
} from '@iot/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.js';
import { requestLanguage } from './language.js';

/** Fastify's own client errors, by their code, as ours. */
const FASTIFY_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'request.too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request.unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request.failed',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request.invalid_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'request.invalid_json',
};

function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  options: { params?: Record<string, string | number>; fields?: Record<string, Message> } = {},
) {
  const language = requestLanguage(request);
  const body: ErrorResponse = { code, message: translate(code, language, options.params) };
  if (options.fields) {
    body.fields = Object.fromEntries(
      Object.entries(options.fields).map(([field, message]) => {
        const { code, params } = parseMessage(message) ?? { code: 'validation.invalid', params: {} };
        return [field, translate(code, language, params)];
      }),
    );
  }
  return reply.status(ERROR_STATUS[code]).send(body);
}

/**
 * The one error handler: every failure leaves as `{code, message}` in the caller's language. Bad input is a 4xx with
 * the fields at fault; anything unexpected is logged and answered with a generic 500, never with its details.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return sendError(request, reply, error.code, { params: error.params, fields: error.fields });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, Message> = {};
      for (const issue of error.validation) {
        const { origin, maximum } = issue.params;
        const message = issueMessage({ code: issue.keyword, message: issue.message ?? '', origin, maximum });
        fields[fieldName(issue.instancePath ?? '')] ??= message;
      }
      return sendError(request, reply, 'validation.failed', { fields });
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (known) return sendError(request, reply, known);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return sendError(request, reply, 'request.failed');
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(request, reply, 'server.error');
  });
}
