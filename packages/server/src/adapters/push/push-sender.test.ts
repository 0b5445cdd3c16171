import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { createBrowserSubscription } from '../../testing/push-service.js';
import { createWebPushSender } from './push-sender.js';

describe('web push sender', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    // Never answers /hang; redirects /moved; answers a long body on /chatty.
    server = createServer((request, response) => {
      request.resume();
      if (request.url === '/hang') return;
      if (request.url === '/moved') {
        response.writeHead(301, { location: '/elsewhere' }).end();
        return;
      }
      response.writeHead(400).end('x'.repeat(100_000));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const sender = (timeoutMs = 10_000) =>
    createWebPushSender({ vapid: { subject: 'mailto:ops@example.com', ...webpush.generateVAPIDKeys() }, timeoutMs });

  it('gives up on a push service that does not answer in time', async () => {
    const { subscription } = createBrowserSubscription(`${url}/hang`);
    await expect(sender(200).send(subscription, '{}')).rejects.toThrow('no answer within 0.2 s');
  });

  it('follows no redirect', async () => {
    const { subscription } = createBrowserSubscription(`${url}/moved`);
    expect(await sender().send(subscription, '{}')).toEqual({ statusCode: 301, body: '' });
  });

  it('keeps only the start of a long answer', async () => {
    const { subscription } = createBrowserSubscription(`${url}/chatty`);
    const response = await sender().send(subscription, '{}');
    expect(response.statusCode).toBe(400);
    expect(response.body.length).toBeLessThanOrEqual(300);
  });

  it('refuses a subscription whose keys are not a P-256 key and an auth secret', async () => {
    const subscription = { endpoint: `${url}/x`, keys: { p256dh: 'AAAA', auth: 'AAAA' } };
    await expect(sender().send(subscription, '{}')).rejects.toThrow();
  });
});
