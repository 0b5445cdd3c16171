import { beforeAll, describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import pt from '../packages/web/src/i18n/pt.json' with { type: 'json' };
import { ADMIN } from './support/server.js';
import { apiSignIn } from './support/session.js';
import { useDemoSuite } from './support/suite.js';

const SCREENSHOTS = '/tmp/helper-b';
/** Registered but never confirmed: with the admin and the two demo users, 13 users, two pages of ten. */
const NEWCOMERS = Array.from({ length: 10 }, (_, index) => `newcomer${String(index + 1).padStart(2, '0')}@example.com`);

const suite = useDemoSuite();

beforeAll(async () => {
  for (const email of NEWCOMERS) {
    const response = await fetch(`${suite.server.url}/api/rest-auth/registration/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password1: 'a newcomer password', password2: 'a newcomer password' }),
    });
    expect(response.status).toBe(201);
  }
});

/** Opens `/users` signed in through a BearerToken link, in English, with the cookie notice out of the way. */
async function openUsersAs(email: string, password: string) {
  const token = await apiSignIn(suite.server.url, email, password);
  await suite.page.goto(`${suite.server.url}/users?BearerToken=${token}&lang=en`);
  // The seeded Sigfox tokens are over 90%: for provider staff the token dialog opens by itself, over the notice.
  if (email === ADMIN.email) {
    const tokens = suite.page.getByRole('dialog', { name: en['sigfoxTokens.title'] });
    await tokens.getByRole('button', { name: en['app.close'] }).click();
    await tokens.waitFor({ state: 'hidden' });
  }
  await suite.page.getByRole('button', { name: en['cookies.accept'] }).click();
}

const usersTable = (name: string) => suite.page.getByRole('table', { name });
const bodyRowCount = async (name: string) => (await usersTable(name).getByRole('row').count()) - 1;

describe('the users page', () => {
  it('lists every user for provider staff, searches on the server and pages', async () => {
    await openUsersAs(ADMIN.email, ADMIN.password);
    await suite.page.getByRole('heading', { level: 1, name: en['route.users'] }).waitFor();
    await suite.page.getByText('Users: 13').waitFor();
    await suite.page.getByText('1–10 of 13').waitFor();
    await usersTable(en['route.users']).getByText('newcomer09@example.com').waitFor();
    expect(await bodyRowCount(en['route.users'])).toBe(10);
    const admin = usersTable(en['route.users']).getByRole('row').filter({ hasText: ADMIN.email });
    expect(await admin.textContent()).toContain(en['users.role.product']);
    expect(await admin.textContent()).toContain(en['users.confirmed']);
    await suite.page.screenshot({ path: `${SCREENSHOTS}/users-en.png`, fullPage: true });

    // By e-mail: the demo users come after the newcomers.
    await suite.page.getByRole('button', { name: en['table.nextPage'] }).click();
    await suite.page.getByText('11–13 of 13').waitFor();
    await usersTable(en['route.users']).getByText('tecnico@example.com').waitFor();
    expect(await bodyRowCount(en['route.users'])).toBe(3);
    const tiago = usersTable(en['route.users']).getByRole('row').filter({ hasText: 'tecnico@example.com' });
    expect(await tiago.textContent()).toContain('Tiago Técnico');
    expect(await tiago.textContent()).toContain(en['users.role.user']);
    await usersTable(en['route.users']).getByText('operator@example.com').waitFor();
    await usersTable(en['route.users']).getByText('newcomer10@example.com').waitFor();
    await suite.page.screenshot({ path: `${SCREENSHOTS}/users-en-page-2.png`, fullPage: true });

    await suite.page.getByRole('searchbox', { name: en['users.search'] }).fill('tecnico');
    await suite.page.getByText('1–1 of 1').waitFor();
    expect(await bodyRowCount(en['route.users'])).toBe(1);
    await usersTable(en['route.users']).getByText('tecnico@example.com').waitFor();
    await suite.page.screenshot({ path: `${SCREENSHOTS}/users-en-search.png`, fullPage: true });

    await suite.page.getByRole('searchbox', { name: en['users.search'] }).fill('nobody at all');
    await suite.page.getByText(en['users.noMatch'].replace('{{search}}', 'nobody at all')).waitFor();
    await suite.page.getByRole('button', { name: en['search.clear'] }).click();
    await suite.page.getByText('1–10 of 13').waitFor();
  });

  it('reads in Portuguese after switching the language in the user menu', async () => {
    await openUsersAs(ADMIN.email, ADMIN.password);
    await usersTable(en['route.users']).getByText(ADMIN.email).waitFor();
    await suite.page.getByRole('button', { name: en['menu.user'] }).click();
    await suite.page.getByRole('menuitem', { name: en['language.pt'] }).click();
    await suite.page.getByRole('menu').waitFor({ state: 'hidden' });
    await suite.page.getByRole('heading', { level: 1, name: pt['route.users'] }).waitFor();
    await suite.page.getByText('Utilizadores: 13').waitFor();
    await suite.page.getByText('1–10 de 13').waitFor();
    await usersTable(pt['route.users']).getByText(pt['users.role.product']).filter({ visible: true }).waitFor();
    await suite.page.screenshot({ path: `${SCREENSHOTS}/users-pt.png`, fullPage: true });

    await suite.page.getByRole('button', { name: pt['table.nextPage'] }).click();
    await suite.page.getByText('11–13 de 13').waitFor();
    // The pager's range changes as the next page is asked for; its rows replace the first page's when they come.
    await usersTable(pt['route.users']).getByText('newcomer10@example.com').waitFor();
    await usersTable(pt['route.users']).getByText(pt['users.unconfirmed']).filter({ visible: true }).first().waitFor();
    await suite.page.getByRole('searchbox', { name: pt['users.search'] }).fill('técnico');
    await suite.page.getByText('1–1 de 1').waitFor();
    await suite.page.screenshot({ path: `${SCREENSHOTS}/users-pt-search.png`, fullPage: true });

    await suite.page.setViewportSize({ width: 390, height: 844 });
    await suite.page.getByRole('button', { name: pt['search.clear'] }).click();
    await suite.page.getByText('1–10 de 13').waitFor();
    await suite.page.screenshot({ path: `${SCREENSHOTS}/users-pt-phone.png`, fullPage: true });

    // Back to English, so the admin's profile language is as the other tests expect it.
    await suite.page.getByRole('button', { name: pt['menu.user'] }).click();
    await suite.page.getByRole('menuitem', { name: pt['language.en'] }).click();
    await suite.page.getByRole('heading', { level: 1, name: en['route.users'] }).waitFor();
  });

  it('tells a customer that the page is not for them', async () => {
    await openUsersAs('operator@example.com', suite.server.demoPassword());
    await suite.page.getByRole('heading', { level: 1, name: en['route.users'] }).waitFor();
    await suite.page.getByText(en['permission.denied']).waitFor();
    expect(await suite.page.getByRole('table').count()).toBe(0);
    await suite.page.screenshot({ path: `${SCREENSHOTS}/users-denied.png`, fullPage: true });
  });
});
