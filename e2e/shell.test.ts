import { MESSAGES } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import dots from '../packages/web/src/vendors/dots/vendor.json' with { type: 'json' };
import { rgb } from './support/browser.js';
import { ADMIN } from './support/server.js';
import { apiSignIn, signInOnPage } from './support/session.js';
import { useDemoSuite } from './support/suite.js';

const suite = useDemoSuite({ seedDemo: false });

const path = () => {
  const url = new URL(suite.page.url());
  return `${url.pathname}${url.search}`;
};

describe('the app shell', () => {
  it("shows the vendor's title and colour, and later screens as not available yet inside the shell", async () => {
    await suite.page.goto(`${suite.server.url}/login?redirect=${encodeURIComponent('/resources/resource-stats')}`);
    await signInOnPage(suite.page, ADMIN.email, ADMIN.password);
    await suite.page.waitForURL((url) => url.pathname === '/resources/resource-stats');
    await suite.page.getByRole('heading', { name: en['notAvailable.title'] }).waitFor();
    expect(await suite.page.title()).toContain(dots.title);
    const banner = suite.page.getByRole('banner');
    expect(await banner.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(rgb(dots.primary));
  });

  it('signs in from a BearerToken link and takes the token out of the address', async () => {
    const token = await apiSignIn(suite.server.url, ADMIN.email, ADMIN.password);
    await suite.page.goto(`${suite.server.url}/editData?BearerToken=${encodeURIComponent(token)}`);
    await suite.page.getByRole('tab', { name: en['settings.tabData'] }).waitFor();
    expect(path()).toBe('/editData');
    expect(await suite.page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
  });

  it('hides the app bar with hideAppBar', async () => {
    const token = await apiSignIn(suite.server.url, ADMIN.email, ADMIN.password);
    await suite.page.goto(`${suite.server.url}/editData?BearerToken=${token}`);
    await suite.page.getByRole('tab', { name: en['settings.tabData'] }).waitFor();
    expect(await suite.page.getByRole('banner').count()).toBe(1);
    await suite.page.goto(`${suite.server.url}/editData?hideAppBar=true`);
    await suite.page.getByRole('tab', { name: en['settings.tabData'] }).waitFor();
    expect(await suite.page.getByRole('banner').count()).toBe(0);
  });

  it('sends a lost session to sign-in and back to the page it was on', async () => {
    await suite.page.goto(`${suite.server.url}/login?redirect=${encodeURIComponent('/editData')}`);
    await signInOnPage(suite.page, ADMIN.email, ADMIN.password);
    await suite.page.getByRole('tab', { name: en['settings.tabData'] }).waitFor();

    const token = await suite.page.evaluate(() => localStorage.getItem('access_token'));
    await fetch(`${suite.server.url}/api/auth/signin`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    await suite.page.reload();
    await suite.page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(suite.page.url()).searchParams.get('redirect')).toBe('/editData');

    await signInOnPage(suite.page, ADMIN.email, ADMIN.password);
    await suite.page.waitForURL((url) => url.pathname === '/editData');
    await suite.page.getByRole('tab', { name: en['settings.tabData'] }).waitFor();
  });

  it('pages notifications, marks them all as read and deletes them all', async () => {
    const token = await apiSignIn(suite.server.url, ADMIN.email, ADMIN.password);
    for (let n = 1; n <= 12; n++) {
      const sent = await fetch(`${suite.server.url}/api/push-notification/send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ emails: [ADMIN.email], message: { title: `Tank ${n} is low`, body: `Level ${n}%` } }),
      });
      expect(sent.status).toBe(200);
    }
    await suite.page.goto(`${suite.server.url}/?BearerToken=${token}`);
    await suite.page.getByRole('button', { name: 'Notifications (12 unread)' }).waitFor();
    await suite.page.goto(`${suite.server.url}/?notifications`);
    const dialog = suite.page.getByRole('dialog', { name: en['notifications.title'] });
    await dialog.getByText('Tank 12 is low').waitFor();
    expect(await dialog.getByRole('listitem').count()).toBe(10);
    await dialog.getByText('1–10 of 12').waitFor();
    await dialog.getByRole('button', { name: en['notifications.nextPage'] }).click();
    await dialog.getByText('11–12 of 12').waitFor();
    await dialog.getByText('Tank 1 is low').waitFor();

    await dialog.getByRole('button', { name: en['notifications.markAllRead'] }).click();
    await suite.page.getByText(en['notifications.allRead']).waitFor();
    await dialog.getByRole('button', { name: en['app.close'] }).click();
    await suite.page.getByRole('button', { name: en['notifications.open'], exact: true }).click();

    await dialog.getByRole('button', { name: en['notifications.deleteAll'] }).click();
    const confirm = suite.page.getByRole('dialog', { name: en['notifications.deleteAllTitle'] });
    await confirm.getByRole('button', { name: en['notifications.deleteAll'] }).click();
    await dialog.getByText(en['notifications.none']).waitFor();
    const left = await fetch(`${suite.server.url}/api/push-notification/user-notifications`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await left.json()) as { totalElements: number }).totalElements).toBe(0);
  });

  it('checks the settings, saves them, and refuses a wrong current password', async () => {
    const token = await apiSignIn(suite.server.url, ADMIN.email, ADMIN.password);
    await suite.page.goto(`${suite.server.url}/editData?BearerToken=${token}`);
    await suite.page.getByLabel(en['settings.phone'], { exact: true }).fill('+351 21 ext 4');
    await suite.page.getByRole('button', { name: en['settings.save'] }).click();
    await suite.page.getByText(MESSAGES.en['validation.phone']).waitFor();

    await suite.page.getByLabel(en['settings.phone'], { exact: true }).fill('+351 (21) 123-4567');
    await suite.page.getByLabel(en['settings.lastName'], { exact: true }).fill('Lovelace');
    await suite.page.getByRole('button', { name: en['settings.save'] }).click();
    await suite.page.getByText(en['app.updated']).waitFor();
    const saved = await fetch(`${suite.server.url}/api/users/${ADMIN.email}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await saved.json()).toMatchObject({ phone: '+351 (21) 123-4567', profile: { lastName: 'Lovelace' } });

    await suite.page.getByRole('tab', { name: en['settings.tabPassword'] }).click();
    await suite.page.getByLabel(en['settings.currentPassword'], { exact: true }).fill('not the password');
    await suite.page.getByLabel(en['settings.newPassword'], { exact: true }).fill('a new password');
    await suite.page.getByLabel(en['settings.newPasswordConfirmation'], { exact: true }).fill('a new password');
    await suite.page.getByRole('button', { name: en['settings.changePassword'] }).click();
    await suite.page.getByText(MESSAGES.en['auth.wrong_current_password']).waitFor();
  });

  it('offers a reload when a new version is deployed', async () => {
    await suite.page.clock.install();
    const token = await apiSignIn(suite.server.url, ADMIN.email, ADMIN.password);
    await suite.page.goto(`${suite.server.url}/editData?BearerToken=${token}`);
    await suite.page.getByRole('tab', { name: en['settings.tabData'] }).waitFor();
    await suite.page.route('**/version.json*', (route) => route.fulfill({ json: { version: '99.0.0+next' } }));
    await suite.page.clock.runFor('10:01');
    await suite.page.getByText(en['version.newAvailable']).waitFor();
    await suite.page.getByRole('button', { name: en['version.reload'] }).waitFor();
  });
});
