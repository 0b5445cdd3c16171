import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** A request slower than this is worth a look whatever it answered. */
export const SLOW_REQUEST_MS = 1000;

/**
 * How loud a request's log line is: an ordinary request at `debug`, so a running server's output stays readable
 * (the start banner's once-only admin password included); a refused one (4xx) at `info`; a failed (5xx) or slow one
 * at `warn`.
 */
export function requestLogLevel(statusCode: number, elapsedMs: number): 'debug' | 'info' | 'warn' {
  if (statusCode >= 500 || elapsedMs >= SLOW_REQUEST_MS) return 'warn';
  if (statusCode >= 400) return 'info';
  return 'debug';
}

/**
 * One line per request when its answer is sent, in place of Fastify's two (received, completed). The path is logged
 * without its query, which may carry a token (`BearerToken`, a reset link's).
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  /** The request's own line says 404. */
  override routeNotFound() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const elapsedMs = Math.round(reply.elapsedTime);
    const { statusCode } = reply;
    const line = { method: request.method, path: request.url.split('?')[0], statusCode, ms: elapsedMs };
    reply.log[requestLogLevel(statusCode, elapsedMs)](error ? { ...line, err: error } : line, 'request');
  }
}
