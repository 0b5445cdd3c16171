import { linkIn } from '@iot/server/testing';
import { MESSAGES } from '@iot/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import pt from '../packages/web/src/i18n/pt.json' with { type: 'json' };
import { openBrowser } from './support/browser.js';
import { useDemoServer } from './support/suite.js';

const LANGUAGES = [
  { language: 'en', locale: 'en-US', ui: en, messages: MESSAGES.en },
  { language: 'pt', locale: 'pt-PT', ui: pt, messages: MESSAGES.pt },
] as const;

const suite = useDemoServer({ seedDemo: false });

describe.each(LANGUAGES)('accounts in the browser ($language)', ({ language, locale, ui, messages }) => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let page: Page;
  const email = `person.${language}@example.com`;
  const password = `first ${language} password`;
  const newPassword = `second ${language} password`;

  beforeAll(async () => {
    browser = await openBrowser({ locale });
    page = browser.page;
  });
  afterAll(async () => browser?.close());

  const field = (label: string) => page.getByLabel(label, { exact: true });
  const button = (name: string) => page.getByRole('button', { name, exact: true });

  async function signIn(withPassword: string) {
    await field(ui['fields.email']).fill(email);
    await field(ui['fields.password']).fill(withPassword);
    await button(ui['login.submit']).click();
  }

  it('sends a signed-out visitor to the sign-in page, keeping where they wanted to go', async () => {
    await page.goto(`${suite.server.url}/`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/');
    await expect.poll(() => page.title()).toContain('Dots');
  });

  it('signs up, confirms the address from the mailed link, signs in and out', async () => {
    await page.goto(`${suite.server.url}/sign-up`);
    await button(ui['signUp.submit']).click();
    await expect.poll(() => page.getByText(messages['validation.required']).count()).toBeGreaterThan(0);

    await field(ui['fields.email']).fill(email);
    await field(ui['fields.password']).fill(password);
    await field(ui['fields.passwordConfirmation']).fill(`${password}!`);
    await button(ui['signUp.submit']).click();
    await page.getByText(messages['validation.password_mismatch']).waitFor();

    await field(ui['fields.passwordConfirmation']).fill(password);
    await button(ui['signUp.submit']).click();
    await page.getByText(ui['signUp.done'].replace('{{email}}', email)).waitFor();

    const mail = await suite.inbox.waitForMail(email);
    expect(mail.subject).toContain(language === 'pt' ? 'Confirme o seu e-mail' : 'Confirm your e-mail');
    await page.goto(linkIn(mail, '/confirm-email').toString());
    await page.getByText(ui['confirmEmail.done']).waitFor();

    await page.getByRole('link', { name: ui['confirmEmail.signIn'] }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText(email).first().waitFor();

    await button(ui['home.signOut']).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto(`${suite.server.url}/`);
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('shows the login failure message for a wrong password', async () => {
    await page.goto(`${suite.server.url}/login`);
    await signIn('not my password');
    await page.getByText(messages['auth.invalid_credentials']).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('resets a forgotten password through the mailed link', async () => {
    await page.goto(`${suite.server.url}/login`);
    await page.getByText(ui['login.forgot']).click();
    await field(ui['fields.email']).fill(email);
    await button(ui['forgot.submit']).click();
    await page.getByText(ui['forgot.sent']).waitFor();

    const mail = await suite.inbox.waitForMail(email);
    await page.goto(linkIn(mail, '/reset-password').toString());
    await field(ui['reset.password']).fill(newPassword);
    await field(ui['reset.passwordConfirmation']).fill(newPassword);
    await button(ui['reset.submit']).click();
    await page.getByText(ui['reset.done']).waitFor();

    await page.goto(`${suite.server.url}/login?redirect=${encodeURIComponent('/')}`);
    await signIn(password);
    await page.getByText(messages['auth.invalid_credentials']).waitFor();
    await signIn(newPassword);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText(email).first().waitFor();
  });
});
