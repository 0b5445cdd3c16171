import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ERROR_STATUS, type ErrorCode, type ErrorResponse, resolveLanguage, translate } from '@iot/shared';
import type { FastifyInstance } from 'fastify';

/** Node's own refusals of a request it could not read, by Node's error code; anything else is `request.failed`. */
const NODE_ERRORS: Record<string, ErrorCode> = {
  HPE_HEADER_OVERFLOW: 'request.headers_too_large',
  ERR_HTTP_REQUEST_TIMEOUT: 'request.timeout',
};

/** The `lang` of the request line among the bytes Node read, when it got that far; else English. */
function languageOf(rawPacket: unknown) {
  if (!Buffer.isBuffer(rawPacket)) return resolveLanguage(undefined);
  const requestLine = rawPacket.subarray(0, 8192).toString('latin1').split('\r\n', 1)[0] ?? '';
  const target = /^\S+ (\S+) HTTP\//.exec(requestLine)?.[1] ?? '';
  const queryStart = target.indexOf('?');
  return resolveLanguage(queryStart < 0 ? undefined : new URLSearchParams(target.slice(queryStart + 1)).get('lang'));
}

/**
 * Answers the requests Node refuses before Fastify sees them (headers too large, a request too slow, bytes that are
 * not HTTP) as every other failure is answered: `{code, message}`. Fastify's own handler answers another shape.
 */
export function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  // The client is gone: nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code = (error.code && NODE_ERRORS[error.code]) || 'request.failed';
  const status = ERROR_STATUS[code];
  const body: ErrorResponse = {
    code,
    message: translate(code, languageOf((error as { rawPacket?: unknown }).rawPacket)),
  };
  const json = JSON.stringify(body);
  this.log.debug({ err: error }, 'request refused by Node');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
