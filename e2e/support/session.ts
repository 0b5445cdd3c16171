import type { Page } from 'playwright-core';
import en from '../../packages/web/src/i18n/en.json' with { type: 'json' };

/** An access token straight from the API, for setting up data or for a `BearerToken` link. */
export async function apiSignIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Signs in through the English sign-in page the browser is on. */
export async function signInOnPage(page: Page, email: string, password: string) {
  await page.getByLabel(en['fields.email'], { exact: true }).fill(email);
  await page.getByLabel(en['fields.password'], { exact: true }).fill(password);
  await page.getByRole('button', { name: en['login.submit'], exact: true }).click();
}
