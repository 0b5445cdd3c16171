import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../../modules/actions/loopback-receiver.js';
import { AddressNotAllowedError, createCallbackSender } from './callback-sender.js';

describe('HTTP callbacks', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver((request) =>
      request.url.startsWith('/redirect')
        ? { status: 302, body: { to: 'elsewhere' } }
        : { status: 200, body: { ok: 1 } },
    );
  });
  afterAll(() => receiver.close());

  it('posts the payload as JSON with basic or API-key authentication, and reports the answer', async () => {
    const sender = createCallbackSender({ allowPrivateAddresses: true });
    const basic = await sender.send(
      { url: `${receiver.url}/hook`, auth: { type: 'basic', username: 'user', password: 'pass' } },
      { hello: 'world' },
    );
    expect(basic).toMatchObject({ status: 200, body: '{"ok":1}', error: null });
    expect(receiver.received[0]?.headers.authorization).toBe(`Basic ${Buffer.from('user:pass').toString('base64')}`);
    expect(receiver.received[0]?.headers['content-type']).toBe('application/json');
    expect(receiver.received[0]?.body).toEqual({ hello: 'world' });
    await sender.send(
      { url: `${receiver.url}/hook`, auth: { type: 'apiKey', location: 'header', name: 'X-Api-Key', value: 'k1' } },
      {},
    );
    expect(receiver.received[1]?.headers['x-api-key']).toBe('k1');
  });

  it('does not follow redirects: a 3xx is a failed answer', async () => {
    const sender = createCallbackSender({ allowPrivateAddresses: true });
    const result = await sender.send({ url: `${receiver.url}/redirect`, auth: { type: 'none' } }, {});
    expect(result).toMatchObject({ status: 302, error: 'HTTP 302' });
    expect(receiver.received.filter((request) => request.url === '/elsewhere')).toHaveLength(0);
  });

  it('refuses this machine and private networks, by address and by name, unless allowed', async () => {
    const sender = createCallbackSender({ allowPrivateAddresses: false });
    for (const url of [`${receiver.url}/hook`, 'http://localhost:9/hook', 'http://[::1]:9/', 'http://10.1.2.3/']) {
      await expect(sender.send({ url, auth: { type: 'none' } }, {})).rejects.toBeInstanceOf(AddressNotAllowedError);
    }
  });

  it('gives up on a receiver that does not answer in time, and reports a refused connection', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const sender = createCallbackSender({ allowPrivateAddresses: true, timeoutMs: 100 });
    const result = await sender.send({ url: `http://127.0.0.1:${port}/`, auth: { type: 'none' } }, {});
    expect(result).toMatchObject({ status: null, error: 'no answer within 0.1 s' });
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
    const refused = await sender.send({ url: `http://127.0.0.1:${port}/`, auth: { type: 'none' } }, {});
    expect(refused.status).toBeNull();
    expect(refused.error).toContain('ECONNREFUSED');
  });
});
