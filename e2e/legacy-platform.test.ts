import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type SmtpInbox, startSmtpInbox } from '@iot/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import { openBrowser, SHOTS } from './support/browser.js';
import { ADMIN, startServer } from './support/server.js';
import { apiSignIn } from './support/session.js';

describe('the switch to the older platform version', () => {
  let inbox: SmtpInbox;
  let older: HttpServer;
  let olderUrl: string;
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    // A stand-in for the older platform, at an address of its own.
    older = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<title>Older</title><h1>Older platform</h1>');
    });
    await new Promise<void>((done) => older.listen(0, '127.0.0.1', done));
    olderUrl = `http://127.0.0.1:${(older.address() as AddressInfo).port}/`;
    inbox = await startSmtpInbox();
    server = await startServer({ smtpUrl: inbox.url, env: { LEGACY_PLATFORM_URL: olderUrl } });
  });
  afterAll(async () => {
    await server?.stop();
    await inbox?.close();
    await new Promise((done) => older?.close(done));
  });

  it('goes to LEGACY_PLATFORM_URL, keeping the choice in the platform cookie', async () => {
    const token = await apiSignIn(server.url, ADMIN.email, ADMIN.password);
    const { page, close } = await openBrowser({ locale: 'en-US' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/?BearerToken=${token}&lang=en`);
    await page.getByRole('button', { name: en['menu.architecture'] }).click();
    await page.getByRole('menuitem', { name: en['platform.switchToOld'] }).click();
    await page.screenshot({ path: `${SHOTS}/en-switch-to-older.png` });
    await page.getByRole('dialog').getByRole('button', { name: en['platform.switch'], exact: true }).click();
    await page.waitForURL(olderUrl);
    await page.getByRole('heading', { name: 'Older platform' }).waitFor();
    const cookies = await page.context().cookies(server.url);
    expect(cookies.find((cookie) => cookie.name === 'platform')?.value).toBe('old');
    await close();
  });
});
