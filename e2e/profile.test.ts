import { type SmtpInbox, startSmtpInbox } from '@iot/server/testing';
import { MESSAGES } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import pt from '../packages/web/src/i18n/pt.json' with { type: 'json' };
import drops from '../packages/web/src/vendors/drops/vendor.json' with { type: 'json' };
import { openBrowser, rgb } from './support/browser.js';
import { ADMIN, startServer } from './support/server.js';

let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await startSmtpInbox();
});
afterAll(async () => inbox?.close());

describe('the signed-in page', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer({ smtpUrl: inbox.url });
  });
  afterAll(async () => server?.stop());

  it('switches the language at once, keeps it in the profile, and follows it on the next sign-in', async () => {
    const first = await openBrowser({ locale: 'en-US' });
    const page = first.page;
    await page.goto(`${server.url}/login`);
    await page.getByLabel(en['fields.email'], { exact: true }).fill(ADMIN.email);
    await page.getByLabel(en['fields.password'], { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: en['login.submit'], exact: true }).click();
    await page.getByRole('heading', { name: en['home.title'] }).waitFor();

    await page.getByRole('button', { name: 'PT', exact: true }).click();
    await page.getByRole('heading', { name: pt['home.title'] }).waitFor();
    await page.getByText(pt['app.updated']).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt');
    await page.reload();
    await page.getByRole('heading', { name: pt['home.title'] }).waitFor();

    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const profile = await fetch(`${server.url}/api/users/${ADMIN.email}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await profile.json()) as { profile: { language: string } }).profile.language).toBe('pt');
    await first.close();

    const second = await openBrowser({ locale: 'en-US' });
    await second.page.goto(`${server.url}/login`);
    await second.page.getByLabel(en['fields.email'], { exact: true }).fill(ADMIN.email);
    await second.page.getByLabel(en['fields.password'], { exact: true }).fill(ADMIN.password);
    await second.page.getByRole('button', { name: en['login.submit'], exact: true }).click();
    await second.page.getByRole('heading', { name: pt['home.title'] }).waitFor();
    await second.close();
  });

  it('ends every session with sign out everywhere', async () => {
    const [one, two] = [await openBrowser(), await openBrowser()];
    for (const { page } of [one, two]) {
      await page.goto(`${server.url}/login?lang=en`);
      await page.getByLabel(en['fields.email'], { exact: true }).fill(ADMIN.email);
      await page.getByLabel(en['fields.password'], { exact: true }).fill(ADMIN.password);
      await page.getByRole('button', { name: en['login.submit'], exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByText(ADMIN.email).waitFor();
    }
    await one.page.getByRole('button', { name: en['home.signOutEverywhere'], exact: true }).click();
    await one.page.waitForURL((url) => url.pathname === '/login');

    await two.page.reload();
    await two.page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(two.page.url()).searchParams.get('redirect')).toBe('/');
    await one.close();
    await two.close();
  });
});

describe('the drops variant', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer({ smtpUrl: inbox.url, webDistDir: 'packages/web/dist-drops' });
  });
  afterAll(async () => server?.stop());

  it('names the product after its vendor when the server starts', async () => {
    expect(server.output()).toContain('Drops is running at');
    expect(server.output()).not.toContain('Dots is running at');
    const docs = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as { info: { title: string } };
    expect(docs.info.title).toBe('Drops API');
  });

  it('shows its own title and logo, with the same messages', async () => {
    const { page, close } = await openBrowser({ locale: 'pt-PT' });
    await page.goto(`${server.url}/login`);
    await page.getByRole('heading', { name: pt['login.title'] }).waitFor();
    expect(await page.title()).toContain('Drops');
    await page.getByText(pt['vendor.drops.tagline']).waitFor();
    const submit = page.getByRole('button', { name: pt['login.submit'], exact: true });
    await expect
      .poll(() => submit.evaluate((element) => getComputedStyle(element).backgroundColor))
      .toBe(rgb(drops.primary));
    await page.getByLabel(pt['fields.email'], { exact: true }).fill('nobody@example.com');
    await page.getByLabel(pt['fields.password'], { exact: true }).fill('wrong password');
    await page.getByRole('button', { name: pt['login.submit'], exact: true }).click();
    await page.getByText(MESSAGES.pt['auth.invalid_credentials']).waitFor();
    await close();
  });
});
