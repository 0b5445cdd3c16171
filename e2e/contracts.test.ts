import { mkdir } from 'node:fs/promises';
import type { Contract, LevelContracts } from '@iot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import pt from '../packages/web/src/i18n/pt.json' with { type: 'json' };
import { apiOf, type ListedBusiness } from './support/api.js';
import { SHOTS } from './support/browser.js';
import { ADMIN } from './support/server.js';
import { apiSignIn } from './support/session.js';
import { useDemoSuite } from './support/suite.js';

type Texts = typeof en;
type Language = 'en' | 'pt';

const suite = useDemoSuite({ viewport: { width: 1280, height: 800 } });
const TEXTS: Record<Language, Texts> = { en, pt };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The demo's tenant with contracts: Acme Water's own, near this month's limit, and North region's, carved from it. */
const world = {
  adminToken: '',
  operatorToken: '',
  acme: undefined as unknown as ListedBusiness,
  water: undefined as unknown as Contract,
};

const call = <T>(token: string, method: string, path: string, body?: unknown) =>
  apiOf(suite.server.url).call<T>(token, method, path, body);

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  world.adminToken = await apiSignIn(suite.server.url, ADMIN.email, ADMIN.password);
  world.operatorToken = await apiSignIn(suite.server.url, 'operator@example.com', suite.server.demoPassword());
  world.acme = await apiOf(suite.server.url).businessNamed(world.operatorToken, 'Acme Water');
  const level = await call<LevelContracts>(
    world.operatorToken,
    'GET',
    `/customer-business/${world.acme._id}/contracts`,
  );
  if (!level.governing) throw new Error('the demo has no contract for Acme Water');
  world.water = level.governing;
});

/**
 * Opens `path` (with its query) signed in with `token`, in `lang`; past the Sigfox token dialog, which opens by itself
 * for provider staff when a token type is near its maximum, and the cookie banner.
 */
async function open(path: string, token: string, lang: Language, ready: () => Promise<void>) {
  const texts = TEXTS[lang];
  const joiner = path.includes('?') ? '&' : '?';
  await suite.page.goto(`${suite.server.url}${path}${joiner}BearerToken=${token}&lang=${lang}`);
  const tokens = suite.page.getByRole('dialog', { name: texts['sigfoxTokens.title'] });
  // The token status is read beside the screen's own data: its dialog may come a moment after the screen.
  await Promise.race([ready(), tokens.waitFor()]);
  if (token === world.adminToken) await tokens.waitFor({ timeout: 3000 }).catch(() => undefined);
  if (await tokens.isVisible()) {
    await tokens.getByRole('button', { name: texts['app.close'] }).click();
    await tokens.waitFor({ state: 'hidden' });
  }
  await ready();
  const cookies = suite.page.getByRole('button', { name: texts['cookies.accept'] });
  if (await cookies.isVisible()) await cookies.click();
}

/** Lets a dialog's or a menu's transition end before a screenshot. */
const settle = () => suite.page.waitForTimeout(500);
const shot = (name: string) => suite.page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

describe('contracts: provider staff', () => {
  it('opens a contract from the list, edits its credit limit and sees it saved', async () => {
    const list = suite.page.getByRole('list', { name: en['contracts.list'] });
    await open('/arch-contracts', world.adminToken, 'en', () => list.waitFor());
    await list.getByRole('button', { name: world.water.name }).waitFor();
    await shot('contracts-list-en-desktop');

    await list.getByRole('button', { name: world.water.name }).click();
    await suite.page.getByRole('heading', { name: world.water.name, level: 1 }).waitFor();
    expect(new URL(suite.page.url()).searchParams.get('contract')).toBe(world.water.contractId);
    const credits = suite.page.getByRole('region', { name: en['contracts.credits.title'] });
    await credits.getByRole('progressbar', { name: en['contracts.credits.spentInPeriod'] }).waitFor();
    await suite.page.getByRole('table', { name: en['contracts.log.title'] }).waitFor();
    await shot('contract-page-en-desktop');

    await credits.getByRole('button', { name: en['contracts.credits.edit'] }).click();
    const dialog = suite.page.getByRole('dialog', { name: `Credits of ${world.water.name}` });
    const limit = dialog.getByRole('textbox', { name: en['contracts.credits.limitForPeriod'] });
    const newLimit = world.water.credits.limitForPeriod + 150;
    await limit.fill(String(newLimit));
    await suite.page.screenshot({ path: `${SHOTS}/contract-credits-dialog-en-desktop.png` });
    await dialog.getByRole('button', { name: en['arch.save'] }).click();
    await suite.page.getByText(en['app.updated']).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const shown = `${world.water.credits.spentInPeriod.toLocaleString('en-US')} of ${newLimit.toLocaleString('en-US')}`;
    await credits.getByText(shown).waitFor();
    const saved = await call<Contract>(world.adminToken, 'GET', `/contracts/${world.water.contractId}`);
    expect(saved.credits.limitForPeriod).toBe(newLimit);
    expect(saved.version).toBe(world.water.version + 1);
  });

  it('shows the list and a contract in Portuguese, and on a phone', async () => {
    const list = suite.page.getByRole('list', { name: pt['contracts.list'] });
    await open('/arch-contracts', world.adminToken, 'pt', () => list.waitFor());
    await list.getByRole('button', { name: world.water.name }).waitFor();
    await shot('contracts-list-pt-desktop');
    await suite.page.setViewportSize(PHONE);
    await shot('contracts-list-pt-phone');
    await list.getByRole('button', { name: world.water.name }).click();
    await suite.page.getByRole('table', { name: pt['contracts.log.title'] }).waitFor();
    await shot('contract-page-pt-phone');
    await suite.page.setViewportSize(DESKTOP);
    await shot('contract-page-pt-desktop');
  });

  it('opens the new contract dialog on a phone in English', async () => {
    await suite.page.setViewportSize(PHONE);
    const list = suite.page.getByRole('list', { name: en['contracts.list'] });
    await open('/arch-contracts', world.adminToken, 'en', () => list.waitFor());
    await shot('contracts-list-en-phone');
    await suite.page.getByRole('button', { name: en['contracts.create'] }).click();
    await suite.page.getByRole('dialog', { name: en['contracts.createTitle'] }).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/contract-create-en-phone.png` });
  });
});

describe('contracts: credits carved from a level above', () => {
  const SHARE = 'North region carved share';
  let carvedId = '';

  /** Opens the new contract dialog and fills it for North region, carving from Acme Water's contract. */
  async function fillCarvedContract(lang: Language, share: string, viewport = DESKTOP) {
    const texts = TEXTS[lang];
    const list = suite.page.getByRole('list', { name: texts['contracts.list'] });
    await open('/arch-contracts', world.adminToken, lang, () => list.waitFor());
    // Past the Sigfox token dialog first: on a phone in Portuguese its close button never settles for the robot.
    await suite.page.setViewportSize(viewport);
    await suite.page.getByRole('button', { name: texts['contracts.create'] }).click();
    const dialog = suite.page.getByRole('dialog', { name: texts['contracts.createTitle'] });
    const field = texts['contracts.business'];
    await dialog.getByRole('button', { name: texts['arch.business.choose'].replace('{{field}}', field) }).click();
    const picker = suite.page.getByRole('dialog', { name: field });
    await picker.getByLabel(texts['businesses.search']).fill('North region');
    await picker.getByText('North region', { exact: true }).click();
    await picker.getByRole('button', { name: texts['app.ok'] }).click();
    await picker.waitFor({ state: 'hidden' });
    await dialog.getByRole('textbox', { name: new RegExp(`^${texts['contracts.name']}`) }).fill(SHARE);
    await dialog.getByRole('combobox', { name: texts['contracts.credits.source'] }).click();
    await suite.page.getByRole('option', { name: new RegExp(`^${world.water.name} · Acme Water · `) }).click();
    await suite.page.getByRole('listbox').waitFor({ state: 'hidden' });
    await dialog.getByRole('textbox', { name: new RegExp(`^${texts['contracts.credits.share']}`) }).fill(share);
    await settle();
    return dialog;
  }

  it("creates a sublevel's contract carving 50 credits from its parent's, whose carved figure goes up", async () => {
    const before = await call<Contract>(world.adminToken, 'GET', `/contracts/${world.water.contractId}`);
    const dialog = await fillCarvedContract('en', '50');
    await suite.page.screenshot({ path: `${SHOTS}/contract-create-carved-en-desktop.png` });
    await dialog.getByRole('button', { name: en['contracts.createSubmit'] }).click();
    await suite.page.getByRole('heading', { name: SHARE, level: 1 }).waitFor();
    carvedId = new URL(suite.page.url()).searchParams.get('contract') ?? '';
    const credits = suite.page.getByRole('region', { name: en['contracts.credits.title'] });
    await credits.getByRole('link', { name: world.water.name }).waitFor();

    const after = await call<Contract>(world.adminToken, 'GET', `/contracts/${world.water.contractId}`);
    expect(after.credits.carved).toBe(before.credits.carved + 50);
    await credits.getByRole('link', { name: world.water.name }).click();
    await suite.page.getByRole('heading', { name: world.water.name, level: 1 }).waitFor();
    const carved = suite.page
      .getByRole('region', { name: en['contracts.credits.title'] })
      .getByText(en['contracts.credits.carved'], { exact: true });
    expect(await carved.locator('xpath=following-sibling::*[1]').textContent()).toBe(
      after.credits.carved.toLocaleString('en-US'),
    );
  });

  it('shows the refusal of more than the source has left, in Portuguese on a phone', async () => {
    const dialog = await fillCarvedContract('pt', '99999999', PHONE);
    await suite.page.screenshot({ path: `${SHOTS}/contract-create-carved-pt-phone.png` });
    await dialog.getByRole('button', { name: pt['contracts.createSubmit'] }).click();
    await dialog.getByText(`O contrato "${world.water.name}" só tem`, { exact: false }).waitFor();
    await settle();
    await suite.page.screenshot({ path: `${SHOTS}/contract-create-refused-pt-phone.png` });
    await suite.page.setViewportSize(DESKTOP);
  });

  it('shows both dialogs with a source in English and Portuguese, on a desktop and a phone', async () => {
    const sizes = { desktop: DESKTOP, phone: PHONE };
    for (const lang of ['en', 'pt'] as const)
      for (const [size, viewport] of Object.entries(sizes)) {
        const texts = TEXTS[lang];
        const credits = suite.page.getByRole('region', { name: texts['contracts.credits.title'] });
        await open(`/arch-contracts?contract=${carvedId}`, world.adminToken, lang, () => credits.waitFor());
        await suite.page.setViewportSize(viewport);
        await credits.getByRole('button', { name: texts['contracts.credits.edit'] }).click();
        const dialog = suite.page.getByRole('dialog', {
          name: texts['contracts.credits.editTitle'].replace('{{name}}', SHARE),
        });
        await dialog.getByText(new RegExp(`^${world.water.name} (has|tem) `)).waitFor();
        await settle();
        await suite.page.screenshot({ path: `${SHOTS}/contract-credits-carved-${lang}-${size}.png` });
        await fillCarvedContract(lang, '50', viewport);
        await suite.page.screenshot({ path: `${SHOTS}/contract-create-carved-${lang}-${size}.png` });
        await suite.page.setViewportSize(DESKTOP);
      }
  });
});

describe('contracts: a customer admin', () => {
  it("opens the level's contracts tab and sees the credits used in the period against the limit", async () => {
    const tab = suite.page.getByRole('region', { name: en['contracts.level.plan'] });
    await open(`/businesses/${world.acme._id}/${world.acme.slug}/config?tab=contracts`, world.operatorToken, 'en', () =>
      tab.waitFor(),
    );
    const current = await call<Contract>(world.adminToken, 'GET', `/contracts/${world.water.contractId}`);
    const bar = tab.getByRole('progressbar', { name: en['contracts.credits.spentInPeriod'] });
    expect(await bar.getAttribute('aria-valuetext')).toBe(
      `${current.credits.spentInPeriod.toLocaleString('en-US')} of ${current.credits.limitForPeriod.toLocaleString('en-US')}`,
    );
    await tab.getByText(en['contracts.level.heldHere'], { exact: false }).waitFor();
    // North region's contract, carved from this one, is the admin's to limit.
    const limits = suite.page.getByRole('region', { name: en['contracts.level.sublevelLimits'] });
    await limits.getByRole('form', { name: 'North region alerts' }).waitFor();
    await suite.page.getByRole('table', { name: `Log of ${world.water.name}` }).waitFor();
    await shot('contracts-tab-en-desktop');
    await suite.page.setViewportSize(PHONE);
    await shot('contracts-tab-en-phone');
  });

  it('shows the contracts tab in Portuguese, on a desktop and a phone', async () => {
    const tab = suite.page.getByRole('region', { name: pt['contracts.level.plan'] });
    await open(`/businesses/${world.acme._id}/${world.acme.slug}/config?tab=contracts`, world.operatorToken, 'pt', () =>
      tab.waitFor(),
    );
    await tab.getByRole('progressbar', { name: pt['contracts.credits.spentInPeriod'] }).waitFor();
    await shot('contracts-tab-pt-desktop');
    await suite.page.setViewportSize(PHONE);
    await shot('contracts-tab-pt-phone');
  });
});
