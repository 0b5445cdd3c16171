import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import pt from '../packages/web/src/i18n/pt.json' with { type: 'json' };
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
});
