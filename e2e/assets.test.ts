import { mkdir, readFile } from 'node:fs/promises';
import type { Asset, AssetType, Device, MessageCode } from '@iot/shared';
import { MESSAGES } from '@iot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import pt from '../packages/web/src/i18n/pt.json' with { type: 'json' };
import { apiOf, type ListedBusiness } from './support/api.js';
import { SHOTS } from './support/browser.js';
import { ADMIN } from './support/server.js';
import { apiSignIn } from './support/session.js';
import { useDemoSuite } from './support/suite.js';

type Texts = Record<string, string>;
type Language = 'en' | 'pt';

const suite = useDemoSuite({ viewport: { width: 1440, height: 900 } });
const TEXTS: Record<Language, Texts> = { en, pt };
const message = (lang: Language, code: MessageCode) => MESSAGES[lang][code];
const fill = (text: string | undefined, params: Record<string, string | number>) =>
  Object.entries(params).reduce((result, [key, value]) => result.replaceAll(`{{${key}}}`, String(value)), text ?? '');

/** What every part of this file works with: the demo's first tenant, an asset type, and devices to link. */
const world = {
  /** Provider staff: creates the asset type and the devices. */
  adminToken: '',
  /** The demo's operator, admin of Acme Water (whose plan has assets), as a customer sees the screens. */
  operatorToken: '',
  acme: undefined as unknown as ListedBusiness,
  south: undefined as unknown as ListedBusiness,
  tankType: undefined as unknown as AssetType,
  /** Devices by description. */
  devices: new Map<string, string>(),
};

const call = <T>(token: string, method: string, path: string, body?: unknown) =>
  apiOf(suite.server.url).call<T>(token, method, path, body);

/** The assets of Acme Water's subtree whose description has `search`, as the API answers them. */
const assetsNamed = async (search: string) =>
  (
    await call<{ items: Asset[] }>(
      world.operatorToken,
      'GET',
      `/customer-business/${world.acme._id}/assets?search=${encodeURIComponent(search)}`,
    )
  ).items;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  world.adminToken = await apiSignIn(suite.server.url, ADMIN.email, ADMIN.password);
  world.operatorToken = await apiSignIn(suite.server.url, 'operator@example.com', suite.server.demoPassword());
  const businessNamed = (description: string) =>
    apiOf(suite.server.url).businessNamed(world.operatorToken, description);
  world.acme = await businessNamed('Acme Water');
  world.south = await businessNamed('South region');
  const porto = await businessNamed('Porto plant');
  world.tankType = await call<AssetType>(world.adminToken, 'POST', '/asset-types', {
    name: 'E2E water tank',
    description: 'A tank whose level a sensor follows',
    fields: [
      { name: 'Capacity', type: 'number', required: true },
      { name: 'Material', type: 'options', options: ['Steel', 'Concrete'] },
      { name: 'Notes', type: 'text' },
    ],
  });
  const created = await call<{ results: { ok: boolean; uuid?: string }[] }>(
    world.adminToken,
    'POST',
    '/devices/from-scratch',
    {
      businessId: porto._id,
      deviceType: 'th-sensor-sigfox',
      devices: [1, 2, 3].map((n) => ({ networkId: `A55E700${n}`, description: `E2E level sensor ${n}` })),
    },
  );
  expect(created.results.every((result) => result.ok)).toBe(true);
  for (const [index, result] of created.results.entries()) {
    world.devices.set(`E2E level sensor ${index + 1}`, result.uuid ?? '');
  }
});

/** Opens the Assets tab of `business`'s configuration as the operator, in `lang`, at the suite's viewport. */
async function openAssetsTab(business: ListedBusiness, lang: Language = 'en') {
  const texts = TEXTS[lang];
  await suite.page.goto(
    `${suite.server.url}/businesses/${business._id}/${business.slug}/config?tab=assets&BearerToken=${world.operatorToken}&lang=${lang}`,
  );
  await suite.page.getByRole('tab', { name: texts['businesses.tab.assets'], selected: true }).waitFor();
  const cookies = suite.page.getByRole('button', { name: texts['cookies.accept'] });
  if (await cookies.isVisible().catch(() => false)) await cookies.click();
}

/** The desktop table of the tab, and one of its rows. */
const table = (lang: Language = 'en') => suite.page.getByRole('table', { name: TEXTS[lang]['assets.title'] });
const rowOf = (description: string, lang: Language = 'en') =>
  table(lang).getByRole('row', { name: description, exact: true });

describe('assets: the business configuration tab', () => {
  it('creates an asset with custom fields checked as typed, linked to a free device', async () => {
    await openAssetsTab(world.acme);
    await suite.page.getByRole('button', { name: en['assets.add'] }).click();
    const dialog = suite.page.getByRole('dialog', { name: en['assets.createTitle'] });
    await dialog.getByRole('textbox', { name: en['assets.description'] }).fill('E2E north tank');
    await dialog.getByRole('combobox', { name: en['assets.type'] }).click();
    await suite.page.getByRole('option', { name: 'E2E water tank' }).click();

    const capacity = dialog.getByRole('textbox', { name: 'Capacity' });
    await capacity.fill('lots');
    await dialog.getByText(message('en', 'asset.field_not_number')).waitFor();
    await capacity.fill('12,5');
    await dialog.getByText(message('en', 'asset.field_not_number')).waitFor({ state: 'hidden' });
    await dialog.getByRole('combobox', { name: 'Material' }).click();
    await suite.page.getByRole('option', { name: 'Steel' }).click();
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('Roof access by the east stairs');

    await dialog.getByRole('combobox', { name: en['assets.device'] }).fill('E2E level sensor 1');
    await suite.page.getByRole('option').filter({ hasText: 'E2E level sensor 1' }).click();
    await suite.page.screenshot({ path: `${SHOTS}/assets-dialog-en.png` });
    await dialog.getByRole('button', { name: en['assets.create'] }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = rowOf('E2E north tank');
    await row.getByRole('link', { name: 'E2E level sensor 1' }).waitFor();
    expect(await row.getByText('E2E water tank').isVisible()).toBe(true);
    const [saved] = await assetsNamed('E2E north tank');
    expect(saved?.fields.map((field) => [field.name, field.value])).toEqual([
      ['Capacity', 12.5],
      ['Material', 'Steel'],
      ['Notes', 'Roof access by the east stairs'],
    ]);
    expect(saved?.device?.uuid).toBe(world.devices.get('E2E level sensor 1'));
    await suite.page.screenshot({ path: `${SHOTS}/assets-tab-en.png`, fullPage: true });
  });

  it('moves an asset with its device to another level after the warning', async () => {
    await call<Asset>(world.operatorToken, 'POST', `/customer-business/${world.acme._id}/asset`, {
      assetData: {
        description: 'E2E moving tank',
        assetType: world.tankType.id,
        values: { Capacity: 800 },
        deviceUUID: world.devices.get('E2E level sensor 2'),
      },
    });
    await openAssetsTab(world.acme);
    await rowOf('E2E moving tank')
      .getByRole('button', { name: `${en['assets.move']}: E2E moving tank` })
      .click();
    const picker = suite.page.getByRole('dialog', { name: fill(en['assets.moveTitle'], { name: 'E2E moving tank' }) });
    await picker.getByText('South region', { exact: true }).click();
    await picker.getByRole('button', { name: en['app.ok'] }).click();

    const warning = suite.page.getByRole('dialog', {
      name: fill(en['assets.moveConfirmTitle'], { target: 'South region' }),
    });
    await warning.getByText(fill(en['assets.moveDevices_one'], { count: 1 })).waitFor();
    await warning.getByText(fill(en['assets.moveJourneys_other'], { count: 0 })).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/assets-move-warning-en.png` });
    // The dry run moved nothing.
    expect((await assetsNamed('E2E moving tank'))[0]?.businessId).toBe(world.acme._id);

    await warning.getByRole('button', { name: en['assets.move'], exact: true }).click();
    await suite.page.getByText(fill(en['assets.moved'], { target: 'South region' })).waitFor();
    await rowOf('E2E moving tank').getByText('South region').waitFor();
    const [moved] = await assetsNamed('E2E moving tank');
    expect(moved?.businessId).toBe(world.south._id);
    const [device] = await call<Device[]>(
      world.operatorToken,
      'GET',
      `/devices/list/detailed?deviceUUID=${moved?.device?.uuid}`,
    );
    expect(device?.businessId).toBe(world.south._id);
  });

  it('filters the assets without a device, in Portuguese, and shows them as cards on a phone', async () => {
    await call<Asset>(world.operatorToken, 'POST', `/customer-business/${world.acme._id}/asset`, {
      assetData: { description: 'E2E spare tank', assetType: world.tankType.id, values: { Capacity: 300 } },
    });
    await openAssetsTab(world.acme, 'pt');
    await rowOf('E2E north tank', 'pt').waitFor();
    await suite.page.getByLabel(pt['assets.orphansOnly']).check();
    await rowOf('E2E north tank', 'pt').waitFor({ state: 'detached' });
    const spare = rowOf('E2E spare tank', 'pt');
    await spare.getByText(pt['assets.noDevice']).waitFor();
    // No row links a device.
    expect(await table('pt').locator('a[href^="/devices/"]').count()).toBe(0);
    await suite.page.screenshot({ path: `${SHOTS}/assets-orphans-pt.png`, fullPage: true });

    await suite.page.setViewportSize({ width: 390, height: 844 });
    const card = suite.page.getByRole('listitem', { name: 'E2E spare tank' });
    await card.getByText(pt['assets.noDevice']).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/assets-orphans-pt-phone.png`, fullPage: true });
  });

  it('shows the tab in English on a phone as cards with their facts', async () => {
    await suite.page.setViewportSize({ width: 390, height: 844 });
    await openAssetsTab(world.acme);
    const card = suite.page.getByRole('listitem', { name: 'E2E north tank' });
    await card.getByRole('link', { name: 'E2E level sensor 1' }).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/assets-tab-en-phone.png`, fullPage: true });
  });

  it('imports assets from a CSV file, naming the line of a malformed one, and exports them', async () => {
    await openAssetsTab(world.acme);
    await suite.page.getByRole('button', { name: en['assets.import.open'] }).click();
    const dialog = suite.page.getByRole('dialog', { name: en['assets.import.title'] });
    await dialog.getByRole('combobox', { name: en['assets.type'] }).click();
    await suite.page.getByRole('option', { name: 'E2E water tank' }).click();
    await dialog
      .getByText(fill(en['assets.import.columns'], { columns: 'Description, Device, Capacity, Material, Notes' }))
      .waitFor();
    const file = (text: string) => ({ name: 'tanks.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
    const input = dialog.locator('input[type=file]');
    await input.setInputFiles(file('Description,Device,Capacity\nE2E CSV tank 1,,100\nE2E CSV tank 2,,200,extra\n'));
    await dialog.getByRole('button', { name: en['assets.import.submit'] }).click();
    await dialog.getByText(fill(message('en', 'asset.csv_invalid'), { line: 3 })).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/assets-import-invalid-en.png` });
    expect(await assetsNamed('E2E CSV tank')).toEqual([]);

    await input.setInputFiles(
      file('Description,Device,Capacity,Material\nE2E CSV tank 1,,100,Steel\nE2E CSV tank 2,,200,\n'),
    );
    await dialog.getByRole('button', { name: en['assets.import.submit'] }).click();
    await suite.page.getByText(fill(en['assets.imported_other'], { count: 2 })).waitFor();
    await rowOf('E2E CSV tank 2').waitFor();
    expect((await assetsNamed('E2E CSV tank')).map((asset) => asset.fields[0]?.value)).toEqual([100, 200]);

    await suite.page.getByRole('searchbox', { name: en['assets.search'] }).fill('E2E CSV');
    await suite.page.getByText(fill(en['assets.count'], { total: 2 })).waitFor();
    const [download] = await Promise.all([
      suite.page.waitForEvent('download'),
      suite.page.getByRole('button', { name: en['assets.export'] }).click(),
    ]);
    const exported = await readFile(await download.path(), 'utf8');
    // The export follows the list's filters: the two imported tanks only.
    expect(
      exported
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toEqual([
      'Description,Asset type,Device,Capacity,Material,Notes',
      'E2E CSV tank 1,E2E water tank,,100,Steel,',
      'E2E CSV tank 2,E2E water tank,,200,,',
    ]);
  });

  it('deletes an asset after confirmation, which frees its device', async () => {
    const sensor = world.devices.get('E2E level sensor 3') ?? '';
    await call<Asset>(world.operatorToken, 'POST', `/customer-business/${world.acme._id}/asset`, {
      assetData: {
        description: 'E2E old tank',
        assetType: world.tankType.id,
        values: { Capacity: 1 },
        deviceUUID: sensor,
      },
    });
    await openAssetsTab(world.acme, 'pt');
    await rowOf('E2E old tank', 'pt')
      .getByRole('button', { name: `${pt['assets.delete']}: E2E old tank` })
      .click();
    const confirm = suite.page.getByRole('dialog', { name: pt['assets.deleteTitle'] });
    await confirm
      .getByText(fill(pt['assets.deleteTextLinked'], { name: 'E2E old tank', device: 'E2E level sensor 3' }))
      .waitFor();
    await confirm.getByRole('button', { name: pt['assets.delete'] }).click();
    await suite.page.getByText(pt['assets.deleted']).waitFor();
    await rowOf('E2E old tank', 'pt').waitFor({ state: 'detached' });
    expect(await assetsNamed('E2E old tank')).toEqual([]);
    const free = await call<{ items: Device[] }>(
      world.operatorToken,
      'GET',
      `/customer-business/${world.acme._id}/devices?filter=onlyFreeDevices&limit=500`,
    );
    expect(free.items.map((device) => device.uuid)).toContain(sensor);
  });

  it("shows the plan notice where the level's plan has no assets", async () => {
    const blue = await apiOf(suite.server.url).businessNamed(world.adminToken, 'Blue Harbour Logistics');
    await suite.page.goto(
      `${suite.server.url}/businesses/${blue._id}/${blue.slug}/config?tab=assets&BearerToken=${world.adminToken}&lang=pt`,
    );
    // The seeded Sigfox tokens are over 90%: the token dialog opens by itself for provider staff.
    await suite.page
      .getByRole('dialog', { name: pt['sigfoxTokens.title'] })
      .getByRole('button', { name: pt['app.close'] })
      .click();
    await suite.page.getByText(pt['assets.notInPlan'], { exact: false }).waitFor();
    await suite.page.getByText(pt['planLimit.title']).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/assets-plan-pt.png` });
  });
});
