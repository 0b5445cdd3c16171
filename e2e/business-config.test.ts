import { type SmtpInbox, startSmtpInbox } from '@iot/server/testing';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import pt from '../packages/web/src/i18n/pt.json' with { type: 'json' };
import { apiOf, type ListedBusiness } from './support/api.js';
import { openBrowser, rgb } from './support/browser.js';
import { ADMIN, startServer } from './support/server.js';
import { apiSignIn } from './support/session.js';

/** Where the screenshots of this test go, to be looked at. */
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/helper-a';

let inbox: SmtpInbox;
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startServer({ smtpUrl: inbox.url, seedDemo: true });
});
afterAll(async () => {
  await server?.stop();
  await inbox?.close();
});
beforeEach(async () => {
  browser = await openBrowser({ locale: 'en-US' });
  page = browser.page;
  // Tall enough for the whole tab in one screenshot.
  await page.setViewportSize({ width: 1280, height: 1600 });
});
afterEach(async () => browser?.close());

const businessNamed = (token: string, description: string) => apiOf(server.url).businessNamed(token, description);

async function configOf(token: string, business: ListedBusiness) {
  const response = await fetch(`${server.url}/api/customer-business/${business._id}/config`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as {
    theme: { primary?: string } | null;
    viewPermissions: { role: string; deviceTabs: string[]; source: string }[];
  };
}

/** Opens the manager tab of a business's configuration page, in `lang`, signed in with `token` (of `staff`?). */
async function openManager(token: string, business: ListedBusiness, lang: 'en' | 'pt' = 'en', staff = false) {
  const texts = lang === 'en' ? en : pt;
  await page.goto(`${server.url}/businesses/${business._id}/${business.slug}/config?BearerToken=${token}&lang=${lang}`);
  if (staff) {
    // The seeded Sigfox tokens are over 90%: the token dialog opens by itself for provider staff.
    const tokens = page.getByRole('dialog', { name: texts['sigfoxTokens.title'] });
    await tokens.getByRole('button', { name: texts['app.close'] }).click();
  }
  await page.getByRole('tab', { name: texts['businesses.tab.manager'] }).click();
  await page.getByRole('heading', { name: texts['businesses.theme.title'] }).waitFor();
}

const backgroundOf = (selector: ReturnType<Page['getByRole']>) =>
  selector.evaluate((element) => getComputedStyle(element).backgroundColor);

describe('the manager tab of a business', () => {
  it("sets the level's primary colour and a role's views, which the level below inherits", async () => {
    const token = await apiSignIn(server.url, 'operator@example.com', server.demoPassword());
    const acme = await businessNamed(token, 'Acme Water');
    const north = await businessNamed(token, 'North region');
    await openManager(token, acme);
    await page.screenshot({ path: `${SHOTS}/en-acme-manager-before.png` });

    const primary = page.getByLabel(en['businesses.theme.primary'], { exact: true });
    const save = page.getByRole('button', { name: en['businesses.manager.save'], exact: true });
    await primary.fill('#12ab');
    await save.click();
    await page.getByText(en['businesses.theme.invalidColour']).waitFor();
    expect((await configOf(token, acme)).theme).toBeNull();

    await primary.fill('#8a2be2');
    await save.click();
    await page.getByText(en['app.updated']).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: en['businesses.theme.title'] }).waitFor();
    expect(await primary.inputValue()).toBe('#8a2be2');
    expect((await configOf(token, acme)).theme).toEqual({ primary: '#8a2be2' });
    await page.getByText(en['businesses.theme.own']).first().waitFor();
    await expect.poll(() => backgroundOf(page.getByRole('banner'))).toBe(rgb('#8a2be2'));

    await page.getByRole('button', { name: new RegExp(`^${en['businesses.role.viewer']}`) }).click();
    const viewer = page.getByRole('region', { name: new RegExp(`^${en['businesses.role.viewer']}`) });
    await viewer.getByLabel(en['businesses.views.tab.config'], { exact: true }).uncheck();
    const saveViewer = viewer.getByRole('button', {
      name: en['businesses.views.saveFor'].replace('{{role}}', en['businesses.role.viewer']),
    });
    expect(await backgroundOf(saveViewer)).toBe(rgb('#8a2be2'));
    await saveViewer.click();
    await page.getByText(en['businesses.views.own']).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/en-acme-manager-after.png` });

    await openManager(token, north);
    await expect.poll(() => backgroundOf(page.getByRole('banner'))).toBe(rgb('#8a2be2'));
    await page.getByRole('button', { name: new RegExp(`^${en['businesses.role.viewer']}`) }).click();
    const inherited = page.getByRole('region', { name: new RegExp(`^${en['businesses.role.viewer']}`) });
    expect(await inherited.getByLabel(en['businesses.views.tab.config'], { exact: true }).isChecked()).toBe(false);
    await page.getByText(en['businesses.views.inheritedFrom'].replace('{{name}}', 'Acme Water')).waitFor();
    const northViewer = (await configOf(token, north)).viewPermissions.find((row) => row.role === 'viewer');
    expect(northViewer).toMatchObject({ source: 'inherited' });
    expect(northViewer?.deviceTabs).not.toContain('config');
    await page.screenshot({ path: `${SHOTS}/en-north-manager.png` });

    await openManager(token, north, 'pt');
    await page.getByRole('button', { name: new RegExp(`^${pt['businesses.role.viewer']}`) }).click();
    await page.getByText(pt['businesses.views.inheritedFrom'].replace('{{name}}', 'Acme Water')).waitFor();
    await page.screenshot({ path: `${SHOTS}/pt-north-manager.png` });
    await page.setViewportSize({ width: 390, height: 2400 });
    await page.screenshot({ path: `${SHOTS}/pt-north-manager-phone.png` });
  });

  it("offers custom colours only where the level's plan has them", async () => {
    const token = await apiSignIn(server.url, ADMIN.email, ADMIN.password);
    const blue = await businessNamed(token, 'Blue Harbour Logistics');
    await openManager(token, blue, 'en', true);
    await page.getByText(en['businesses.theme.notInPlan']).waitFor();
    expect(await page.getByLabel(en['businesses.theme.primary'], { exact: true }).isDisabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/en-blue-manager-plan.png` });
    // A new browser: the token dialog opens once per browser session.
    await browser.close();
    browser = await openBrowser({ locale: 'pt-PT' });
    page = browser.page;
    await page.setViewportSize({ width: 1280, height: 1600 });
    await openManager(token, blue, 'pt', true);
    await page.getByText(pt['businesses.theme.notInPlan']).waitFor();
    await page.screenshot({ path: `${SHOTS}/pt-blue-manager-plan.png` });
  });
});
