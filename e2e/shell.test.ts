import { type SmtpInbox, startSmtpInbox } from '@iot/server/testing';
import { MESSAGES } from '@iot/shared';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import dots from '../packages/web/src/vendors/dots/vendor.json' with { type: 'json' };
import { openBrowser, rgb } from './support/browser.js';
import { ADMIN, startServer } from './support/server.js';
import { apiSignIn, signInOnPage } from './support/session.js';

let inbox: SmtpInbox;
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startServer({ smtpUrl: inbox.url });
});
afterAll(async () => {
  await server?.stop();
  await inbox?.close();
});
beforeEach(async () => {
  browser = await openBrowser({ locale: 'en-US' });
  page = browser.page;
});
afterEach(async () => browser?.close());

const path = () => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

describe('the app shell', () => {
  it("shows the vendor's title and colour, and later screens as not available yet inside the shell", async () => {
    await page.goto(`${server.url}/login?redirect=${encodeURIComponent('/resources/resource-stats')}`);
    await signInOnPage(page, ADMIN.email, ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/resources/resource-stats');
    await page.getByRole('heading', { name: en['notAvailable.title'] }).waitFor();
    expect(await page.title()).toContain(dots.title);
    const banner = page.getByRole('banner');
    expect(await banner.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(rgb(dots.primary));
  });

  it('signs in from a BearerToken link and takes the token out of the address', async () => {
    const token = await apiSignIn(server.url, ADMIN.email, ADMIN.password);
    await page.goto(`${server.url}/editData?BearerToken=${encodeURIComponent(token)}`);
    await page.getByRole('tab', { name: en['settings.tabData'] }).waitFor();
    expect(path()).toBe('/editData');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
  });

  it('hides the app bar with hideAppBar', async () => {
    const token = await apiSignIn(server.url, ADMIN.email, ADMIN.password);
    await page.goto(`${server.url}/editData?BearerToken=${token}`);
    await page.getByRole('tab', { name: en['settings.tabData'] }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(1);
    await page.goto(`${server.url}/editData?hideAppBar=true`);
    await page.getByRole('tab', { name: en['settings.tabData'] }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
  });

  it('sends a lost session to sign-in and back to the page it was on', async () => {
    await page.goto(`${server.url}/login?redirect=${encodeURIComponent('/editData')}`);
    await signInOnPage(page, ADMIN.email, ADMIN.password);
    await page.getByRole('tab', { name: en['settings.tabData'] }).waitFor();

    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    await fetch(`${server.url}/api/auth/signin`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/editData');

    await signInOnPage(page, ADMIN.email, ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/editData');
    await page.getByRole('tab', { name: en['settings.tabData'] }).waitFor();
  });

  it('pages notifications, acknowledges them all and deletes them all', async () => {
    const token = await apiSignIn(server.url, ADMIN.email, ADMIN.password);
    for (let n = 1; n <= 12; n++) {
      const sent = await fetch(`${server.url}/api/push-notification/send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ emails: [ADMIN.email], message: { title: `Tank ${n} is low`, body: `Level ${n}%` } }),
      });
      expect(sent.status).toBe(200);
    }
    await page.goto(`${server.url}/?BearerToken=${token}`);
    await page.getByRole('button', { name: 'Notifications (12 unread)' }).waitFor();
    await page.goto(`${server.url}/?notifications`);
    const dialog = page.getByRole('dialog', { name: en['notifications.title'] });
    await dialog.getByText('Tank 12 is low').waitFor();
    expect(await dialog.getByRole('listitem').count()).toBe(10);
    await dialog.getByText('1–10 of 12').waitFor();
    await dialog.getByRole('button', { name: en['notifications.nextPage'] }).click();
    await dialog.getByText('11–12 of 12').waitFor();
    await dialog.getByText('Tank 1 is low').waitFor();

    await dialog.getByRole('button', { name: en['notifications.acknowledgeAll'] }).click();
    await page.getByText(en['notifications.allRead']).waitFor();
    await dialog.getByRole('button', { name: en['app.close'] }).click();
    await page.getByRole('button', { name: en['notifications.open'], exact: true }).click();

    await dialog.getByRole('button', { name: en['notifications.deleteAll'] }).click();
    const confirm = page.getByRole('dialog', { name: en['notifications.deleteAllTitle'] });
    await confirm.getByRole('button', { name: en['notifications.deleteAll'] }).click();
    await dialog.getByText(en['notifications.none']).waitFor();
    const left = await fetch(`${server.url}/api/push-notification/user-notifications`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await left.json()) as { totalElements: number }).totalElements).toBe(0);
  });

  it('checks the settings, saves them, and refuses a wrong current password', async () => {
    const token = await apiSignIn(server.url, ADMIN.email, ADMIN.password);
    await page.goto(`${server.url}/editData?BearerToken=${token}`);
    await page.getByLabel(en['settings.phone'], { exact: true }).fill('+351 21 ext 4');
    await page.getByRole('button', { name: en['settings.save'] }).click();
    await page.getByText(MESSAGES.en['validation.phone']).waitFor();

    await page.getByLabel(en['settings.phone'], { exact: true }).fill('+351 (21) 123-4567');
    await page.getByLabel(en['settings.lastName'], { exact: true }).fill('Lovelace');
    await page.getByRole('button', { name: en['settings.save'] }).click();
    await page.getByText(en['app.updated']).waitFor();
    const saved = await fetch(`${server.url}/api/users/${ADMIN.email}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await saved.json()).toMatchObject({ phone: '+351 (21) 123-4567', profile: { lastName: 'Lovelace' } });

    await page.getByRole('tab', { name: en['settings.tabPassword'] }).click();
    await page.getByLabel(en['settings.currentPassword'], { exact: true }).fill('not the password');
    await page.getByLabel(en['settings.newPassword'], { exact: true }).fill('a new password');
    await page.getByLabel(en['settings.newPasswordConfirmation'], { exact: true }).fill('a new password');
    await page.getByRole('button', { name: en['settings.changePassword'] }).click();
    await page.getByText(MESSAGES.en['auth.wrong_current_password']).waitFor();
  });

  it('offers a reload when a new version is deployed', async () => {
    await page.clock.install();
    const token = await apiSignIn(server.url, ADMIN.email, ADMIN.password);
    await page.goto(`${server.url}/editData?BearerToken=${token}`);
    await page.getByRole('tab', { name: en['settings.tabData'] }).waitFor();
    await page.route('**/version.json*', (route) => route.fulfill({ json: { version: '99.0.0+next' } }));
    await page.clock.runFor('10:01');
    await page.getByText(en['version.newAvailable']).waitFor();
    await page.getByRole('button', { name: en['version.reload'] }).waitFor();
  });
});
