import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.js';
import { databaseKinds } from '../testing/test-database.js';

const PASSWORD = 'correct horse battery staple';
/** A built script as the build leaves it: the file, and its `.br` and `.gz` beside it. */
const SCRIPT = `export const devices = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `device ${i}`))};\n`;

/** A GET on a real socket, so the answer's bytes are what a browser gets; resolves at the answer's head. */
function get(url: string, headers: Record<string, string>) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    httpRequest(url, { headers }, resolve).on('error', reject).end();
  });
}

async function bodyOf(answer: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of answer) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(databaseKinds())('compressed answers on %s', (kind) => {
  let t: TestApp;
  let webDistDir: string;
  let address: string;
  let staff: string;
  beforeAll(async () => {
    webDistDir = await mkdtemp(join(tmpdir(), 'iot-web-'));
    await mkdir(join(webDistDir, 'assets'));
    await writeFile(join(webDistDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    const script = join(webDistDir, 'assets', 'index-1a2b.js');
    await writeFile(script, SCRIPT);
    await writeFile(`${script}.br`, brotliCompressSync(SCRIPT));
    await writeFile(`${script}.gz`, gzipSync(SCRIPT));
    t = await startTestApp(kind, { WEB_DIST_DIR: webDistDir });
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDistDir, { recursive: true, force: true });
  });

  it("serves a built asset's brotli file to a browser that takes brotli, its gzip file to one that takes gzip", async () => {
    const cases = [
      { acceptEncoding: 'gzip, deflate, br, zstd', encoding: 'br', decode: brotliDecompressSync },
      { acceptEncoding: 'gzip', encoding: 'gzip', decode: gunzipSync },
      { acceptEncoding: 'identity', encoding: undefined, decode: (body: Buffer) => body },
    ];
    for (const { acceptEncoding, encoding, decode } of cases) {
      const answer = await get(`${address}/assets/index-1a2b.js`, { 'accept-encoding': acceptEncoding });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(await bodyOf(answer)).toString()).toBe(SCRIPT);
    }
  });

  it('compresses an API answer above 1 KB and leaves a smaller one as it is', async () => {
    const large = await get(`${address}/api/docs/json`, { 'accept-encoding': 'gzip, br' });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toMatch(/accept-encoding/i);
    const document = JSON.parse(brotliDecompressSync(await bodyOf(large)).toString());
    expect(document.openapi).toMatch(/^3\./);

    const gzipped = await get(`${address}/api/docs/json`, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(await bodyOf(gzipped)).toString()).openapi).toMatch(/^3\./);

    const small = await get(`${address}/api/info`, { 'accept-encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse((await bodyOf(small)).toString())).toHaveProperty('serverVersion');
  });

  it('streams live events as they happen to a browser that takes compression', async () => {
    const controller = new AbortController();
    const response = await fetch(`${address}/api/events`, {
      headers: { authorization: `Bearer ${staff}`, 'accept-encoding': 'gzip, deflate, br' },
      signal: controller.signal,
    });
    try {
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      expect(response.headers.get('content-encoding')).toBeNull();
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      // A compressing stream would hold these few bytes back until it had more: each must arrive on its own.
      expect(decoder.decode((await reader.read()).value)).toBe(': connected\n\n');
      const event = {
        type: 'parameterization',
        deviceUUID: '00000000-0000-4000-8000-000000000001',
        businessId: '1',
        status: null,
      } as const;
      t.services.liveEvents.publish([{ businessPath: '/1/', event }]);
      expect(decoder.decode((await reader.read()).value)).toBe(`data: ${JSON.stringify(event)}\n\n`);
    } finally {
      controller.abort();
    }
  });
});
