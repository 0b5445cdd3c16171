import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.js';
import { databaseKinds } from '../testing/test-database.js';

describe.each(databaseKinds())('HTTP conventions on %s', (kind) => {
  let t: TestApp;
  let webDistDir: string;
  beforeAll(async () => {
    webDistDir = await mkdtemp(join(tmpdir(), 'iot-web-'));
    await writeFile(join(webDistDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    await writeFile(join(webDistDir, 'version.json'), '{"version":"9.9.9+test"}');
    t = await startTestApp(kind, {
      PUBLIC_KEYS: '{"map":"pk.test-map-key"}',
      BODY_LIMIT_BYTES: '2048',
      WEB_DIST_DIR: webDistDir,
      LEGACY_PLATFORM_URL: 'https://old.example.com/',
    });
    t.app.get('/api/test-failure', async () => {
      throw new Error('secret internal detail');
    });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDistDir, { recursive: true, force: true });
  });

  it('answers versions and the older platform version at /api/info', async () => {
    const response = await t.request({ method: 'GET', url: '/api/info' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      version: '9.9.9+test',
      serverVersion: '0.1.0',
      legacyPlatformUrl: 'https://old.example.com/',
    });
  });

  it("sends the API's security headers with its answers, and the pages' with pages", async () => {
    const answer = await t.request({ method: 'GET', url: '/api/info' });
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['strict-transport-security']).toBeDefined();
    for (const url of ['/', '/api/docs/']) {
      const page = await t.request({ method: 'GET', url });
      expect(page.headers['content-security-policy']).toContain("default-src 'self'");
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['strict-transport-security']).toBeDefined();
    }
  });

  it('answers unknown /api paths with 404 JSON in the asked language', async () => {
    const response = await t.request({ method: 'GET', url: '/api/no-such-thing?lang=pt' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', message: 'Recurso não encontrado.' });
  });

  it('serves the web app for every other path, with a CSRF cookie', async () => {
    for (const path of ['/', '/devices/abc', '/businesses/1/acme/config?x=1', '/businesses/assets/7/Tank%201.5']) {
      const response = await t.request({ method: 'GET', url: path });
      expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(String(response.headers['set-cookie'])).toMatch(/csrftoken=[\w-]+; Path=\/; SameSite=Lax/);
    }
    const missingChunk = await t.request({ method: 'GET', url: '/assets/index-0ld.js' });
    expect(missingChunk.statusCode).toBe(404);
    expect(missingChunk.json().code).toBe('not_found');
    const version = await t.request({ method: 'GET', url: '/version.json' });
    expect(version.json()).toEqual({ version: '9.9.9+test' });
    expect(version.headers['cache-control']).toBe('no-cache');
  });

  it('serves a file added after start, such as a new build', async () => {
    await writeFile(join(webDistDir, 'late.js'), 'console.log(1)');
    const response = await t.request({ method: 'GET', url: '/late.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
  });

  it('answers a body over the limit with 413', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'a@example.com', password: 'x'.repeat(4096) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('request.too_large');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/signin?lang=pt',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'request.invalid_json', message: 'O corpo do pedido não é JSON válido.' });
  });

  it("answers Node's own refusals, headers too large and bytes that are not HTTP, as {code, message}", async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    /** The whole answer to raw request bytes, as the connection closes. */
    const answerTo = async (request: string) => {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => {});
      let answer = '';
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('utf8');
      });
      socket.write(request);
      await once(socket, 'close');
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      return { statusLine: head.split('\r\n')[0], head, body };
    };

    // Node refuses headers over 16 KiB.
    const tooLarge = await answerTo(
      `GET /api/info?lang=pt HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(tooLarge.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(tooLarge.head).toContain('Content-Type: application/json');
    expect(JSON.parse(tooLarge.body)).toEqual({
      code: 'request.headers_too_large',
      message: 'Os cabeçalhos do pedido são demasiado grandes.',
    });
    const inEnglish = await answerTo(`GET /api/info HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(JSON.parse(inEnglish.body)).toEqual({
      code: 'request.headers_too_large',
      message: 'The request headers are too large.',
    });

    const notHttp = await answerTo('HELLO\r\n\r\n');
    expect(notHttp.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(notHttp.body)).toEqual({
      code: 'request.failed',
      message: 'The request could not be processed.',
    });
  });

  it('hides the details of an unexpected failure', async () => {
    const response = await t.request({ method: 'GET', url: '/api/test-failure' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'server.error', message: 'An error has occurred.' });
    expect(response.body).not.toContain('secret');
  });

  describe('CSRF double submit', () => {
    const signIn = (headers: Record<string, string>) =>
      t.request({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: 'nobody@example.com', password: 'whatever' },
        headers,
      });

    it('refuses an unsafe request with cookies but without the matching header', async () => {
      const missing = await signIn({ cookie: 'csrftoken=abc123' });
      expect(missing.statusCode).toBe(403);
      expect(missing.json().code).toBe('csrf.failed');
      const wrong = await signIn({ cookie: 'csrftoken=abc123', 'x-csrftoken': 'abc124' });
      expect(wrong.statusCode).toBe(403);
      const noTokenCookie = await signIn({ cookie: 'other=1' });
      expect(noTokenCookie.statusCode).toBe(403);
      expect(String(noTokenCookie.headers['set-cookie'])).toContain('csrftoken=');
    });

    it('lets through a matching header, a request without cookies, and a bearer-authenticated one', async () => {
      expect((await signIn({ cookie: 'csrftoken=abc123', 'x-csrftoken': 'abc123' })).statusCode).toBe(401);
      expect((await signIn({})).statusCode).toBe(401);
      await t.createUser('csrf@example.com', 'csrf password');
      const token = await t.signIn('csrf@example.com', 'csrf password');
      const logout = await t.request({
        method: 'POST',
        url: '/api/rest-auth/logout/',
        token,
        headers: { cookie: 'csrftoken=abc' },
      });
      expect(logout.statusCode).toBe(200);
    });
  });

  it('answers configured public keys, the global keys unset as null, and 404 for others', async () => {
    expect((await t.request({ method: 'GET', url: '/api/keys/map' })).json()).toEqual({
      name: 'map',
      value: 'pk.test-map-key',
    });
    expect((await t.request({ method: 'GET', url: '/api/keys/other' })).statusCode).toBe(404);
    const unset = await startTestApp('sqlite', { PUBLIC_KEYS: '{}' });
    try {
      expect((await unset.request({ method: 'GET', url: '/api/keys/map' })).json()).toEqual({
        name: 'map',
        value: null,
      });
    } finally {
      await unset.close();
    }
    expect((await t.request({ method: 'GET', url: '/api/keys/toString' })).statusCode).toBe(404);
  });

  it('documents the API as OpenAPI, with the request schemas', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/signin',
        '/api/rest-auth/registration/',
        '/api/users/{email}',
        '/api/info',
        '/api/customer-business/{id}',
        '/api/customer-business/{id}/logs',
      ]),
    );
    const signIn = document.paths['/api/auth/signin'].post;
    expect(JSON.stringify(signIn.requestBody)).toContain('password');
    const docs = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });
});
