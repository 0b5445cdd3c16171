import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import pt from '../packages/web/src/i18n/pt.json' with { type: 'json' };
import { ADMIN } from './support/server.js';
import { signInOnPage } from './support/session.js';
import { useDemoSuite } from './support/suite.js';

const suite = useDemoSuite({ seedDemo: false });

/** The scripts the sign-in page loads in `lang`, once its button shows `submit`. */
async function signInPageScripts(lang: string, submit: string) {
  const scripts: Response[] = [];
  const collect = (response: Response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  };
  suite.page.on('response', collect);
  await suite.page.goto(`${suite.server.url}/login?lang=${lang}`);
  await suite.page.getByRole('button', { name: submit, exact: true }).waitFor();
  suite.page.off('response', collect);
  return scripts;
}

describe('the first load', () => {
  it("sends the sign-in page's scripts brotli-compressed, and Portuguese texts only to a Portuguese reader", async () => {
    const english = await signInPageScripts('en', en['login.submit']);
    expect(english.length).toBeGreaterThan(0);
    for (const script of english) {
      const headers = await script.allHeaders();
      expect(headers['content-encoding'], script.url()).toBe('br');
      expect(headers.vary, script.url()).toMatch(/accept-encoding/i);
    }

    await suite.reopenBrowser({ locale: 'pt-PT' });
    const portuguese = await signInPageScripts('pt', pt['login.submit']);
    const englishUrls = new Set(english.map((script) => script.url()));
    const onlyPortuguese = portuguese.filter((script) => !englishUrls.has(script.url()));
    expect(onlyPortuguese.length).toBeGreaterThan(0);
    expect(await suite.page.evaluate(() => document.documentElement.lang)).toBe('pt');
  });

  it('carries neither the shell nor the texts of the screens to the sign-in page, and brings both on signing in', async () => {
    const english = await signInPageScripts('en', en['login.submit']);
    const bodies = await Promise.all(english.map((script) => script.text()));
    for (const text of [en['devices.empty'], en['menu.main']]) {
      expect(bodies.some((body) => body.includes(text))).toBe(false);
    }
    expect(await suite.page.getByRole('button', { name: en['menu.main'] }).count()).toBe(0);

    await suite.page.goto(`${suite.server.url}/login?redirect=${encodeURIComponent('/devices')}`);
    await signInOnPage(suite.page, ADMIN.email, ADMIN.password);
    await suite.page.getByRole('button', { name: en['menu.main'] }).waitFor();
    await suite.page.getByText(en['devices.empty']).waitFor();
  });
});
