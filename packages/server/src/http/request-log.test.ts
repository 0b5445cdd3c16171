import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLog, requestLogLevel, SLOW_REQUEST_MS } from './request-log.js';

describe('requestLogLevel', () => {
  it('keeps ordinary requests at debug, refused ones at info, failed and slow ones at warn', () => {
    expect(requestLogLevel(200, 5)).toBe('debug');
    expect(requestLogLevel(304, 5)).toBe('debug');
    expect(requestLogLevel(404, 5)).toBe('info');
    expect(requestLogLevel(429, 5)).toBe('info');
    expect(requestLogLevel(500, 5)).toBe('warn');
    expect(requestLogLevel(200, SLOW_REQUEST_MS)).toBe('warn');
  });
});

describe('RequestLog', () => {
  it('writes one line per request, at its level, without the query', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'debug', stream }, logController: new RequestLog() });
    app.get('/api/thing', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/api/thing?BearerToken=secret' });
    await app.inject({ method: 'GET', url: '/api/missing' });
    await app.close();

    expect(lines).toMatchObject([
      { level: 20, msg: 'request', method: 'GET', path: '/api/thing', statusCode: 200 },
      { level: 30, msg: 'request', method: 'GET', path: '/api/missing', statusCode: 404 },
    ]);
    expect(lines).toHaveLength(2);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });
});
