import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import pt from '../packages/web/src/i18n/pt.json' with { type: 'json' };
import { apiOf, type ListedBusiness } from './support/api.js';
import { rgb, SHOTS } from './support/browser.js';
import { ADMIN } from './support/server.js';
import { apiSignIn } from './support/session.js';
import { useDemoSuite } from './support/suite.js';

const suite = useDemoSuite({
  // Tall enough for the whole tab in one screenshot.
  viewport: { width: 1280, height: 1600 },
});

const businessNamed = (token: string, description: string) => apiOf(suite.server.url).businessNamed(token, description);

async function configOf(token: string, business: ListedBusiness) {
  const response = await fetch(`${suite.server.url}/api/customer-business/${business._id}/config`, {
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
  await suite.page.goto(
    `${suite.server.url}/businesses/${business._id}/${business.slug}/config?BearerToken=${token}&lang=${lang}`,
  );
  if (staff) {
    // The seeded Sigfox tokens are over 90%: the token dialog opens by itself for provider staff.
    const tokens = suite.page.getByRole('dialog', { name: texts['sigfoxTokens.title'] });
    await tokens.getByRole('button', { name: texts['app.close'] }).click();
  }
  await suite.page.getByRole('tab', { name: texts['businesses.tab.manager'] }).click();
  await suite.page.getByRole('heading', { name: texts['businesses.theme.title'] }).waitFor();
}

const backgroundOf = (selector: ReturnType<Page['getByRole']>) =>
  selector.evaluate((element) => getComputedStyle(element).backgroundColor);

describe('the manager tab of a business', () => {
  it("sets the level's primary colour and a role's views, which the level below inherits", async () => {
    const token = await apiSignIn(suite.server.url, 'operator@example.com', suite.server.demoPassword());
    const acme = await businessNamed(token, 'Acme Water');
    const north = await businessNamed(token, 'North region');
    await openManager(token, acme);
    await suite.page.screenshot({ path: `${SHOTS}/en-acme-manager-before.png` });

    const primary = suite.page.getByLabel(en['businesses.theme.primary'], { exact: true });
    const save = suite.page.getByRole('button', { name: en['businesses.manager.save'], exact: true });
    await primary.fill('#12ab');
    await save.click();
    await suite.page.getByText(en['businesses.theme.invalidColour']).waitFor();
    expect((await configOf(token, acme)).theme).toBeNull();

    await primary.fill('#8a2be2');
    await save.click();
    await suite.page.getByText(en['app.updated']).waitFor();
    await suite.page.reload();
    await suite.page.getByRole('heading', { name: en['businesses.theme.title'] }).waitFor();
    expect(await primary.inputValue()).toBe('#8a2be2');
    expect((await configOf(token, acme)).theme).toEqual({ primary: '#8a2be2' });
    await suite.page.getByText(en['businesses.theme.own']).first().waitFor();
    await expect.poll(() => backgroundOf(suite.page.getByRole('banner'))).toBe(rgb('#8a2be2'));

    await suite.page.getByRole('button', { name: new RegExp(`^${en['businesses.role.viewer']}`) }).click();
    const viewer = suite.page.getByRole('region', { name: new RegExp(`^${en['businesses.role.viewer']}`) });
    const configTab = viewer.getByLabel(en['businesses.views.tab.config'], { exact: true });
    const saveViewer = viewer.getByRole('button', {
      name: en['businesses.views.saveFor'].replace('{{role}}', en['businesses.role.viewer']),
    });
    // Seen once in CI: the click on save sent nothing, as if the unsaved change had been undone (by a refetch of the
    // level's settings landing after it, presumably). The change is made again until a save is sent.
    const isConfigPatch = (response: { request(): { method(): string }; url(): string }) =>
      response.request().method() === 'PATCH' && new URL(response.url()).pathname.endsWith('/config');
    let saved: Awaited<ReturnType<typeof suite.page.waitForResponse>> | undefined;
    for (let attempt = 0; attempt < 3 && !saved; attempt++) {
      if (await configTab.isChecked()) await configTab.uncheck();
      // Polled: the button turns from disabled grey to the colour through a transition.
      await expect.poll(() => backgroundOf(saveViewer)).toBe(rgb('#8a2be2'));
      const response = suite.page.waitForResponse(isConfigPatch, { timeout: 10_000 }).catch(() => undefined);
      await saveViewer.click({ timeout: 5_000 }).catch(() => undefined);
      saved = await response;
    }
    expect(saved?.status()).toBe(200);
    await suite.page.getByText(en['businesses.views.own']).first().waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/en-acme-manager-after.png` });

    await openManager(token, north);
    await expect.poll(() => backgroundOf(suite.page.getByRole('banner'))).toBe(rgb('#8a2be2'));
    await suite.page.getByRole('button', { name: new RegExp(`^${en['businesses.role.viewer']}`) }).click();
    const inherited = suite.page.getByRole('region', { name: new RegExp(`^${en['businesses.role.viewer']}`) });
    expect(await inherited.getByLabel(en['businesses.views.tab.config'], { exact: true }).isChecked()).toBe(false);
    await suite.page.getByText(en['businesses.views.inheritedFrom'].replace('{{name}}', 'Acme Water')).waitFor();
    const northViewer = (await configOf(token, north)).viewPermissions.find((row) => row.role === 'viewer');
    expect(northViewer).toMatchObject({ source: 'inherited' });
    expect(northViewer?.deviceTabs).not.toContain('config');
    await suite.page.screenshot({ path: `${SHOTS}/en-north-manager.png` });

    await openManager(token, north, 'pt');
    await suite.page.getByRole('button', { name: new RegExp(`^${pt['businesses.role.viewer']}`) }).click();
    await suite.page.getByText(pt['businesses.views.inheritedFrom'].replace('{{name}}', 'Acme Water')).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/pt-north-manager.png` });
    await suite.page.setViewportSize({ width: 390, height: 2400 });
    await suite.page.screenshot({ path: `${SHOTS}/pt-north-manager-phone.png` });
  });

  it("offers custom colours only where the level's plan has them", async () => {
    const token = await apiSignIn(suite.server.url, ADMIN.email, ADMIN.password);
    const blue = await businessNamed(token, 'Blue Harbour Logistics');
    await openManager(token, blue, 'en', true);
    await suite.page.getByText(en['businesses.theme.notInPlan']).waitFor();
    expect(await suite.page.getByLabel(en['businesses.theme.primary'], { exact: true }).isDisabled()).toBe(true);
    await suite.page.screenshot({ path: `${SHOTS}/en-blue-manager-plan.png` });
    // A new browser: the token dialog opens once per browser session.
    await suite.reopenBrowser({ locale: 'pt-PT' });
    await openManager(token, blue, 'pt', true);
    await suite.page.getByText(pt['businesses.theme.notInPlan']).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/pt-blue-manager-plan.png` });
  });
});
