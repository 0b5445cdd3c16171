import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { MESSAGES } from '@iot/shared';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import pt from '../packages/web/src/i18n/pt.json' with { type: 'json' };
import { SHOTS } from './support/browser.js';
import { imei } from './support/imei.js';
import { ADMIN } from './support/server.js';
import { apiSignIn } from './support/session.js';
import { useDemoSuite } from './support/suite.js';

const suite = useDemoSuite();
let token: string;
let businesses: { _id: string; slug: string; description: string }[];

const api = async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
  const response = await fetch(`${suite.server.url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as T };
};
const businessNamed = (description: string) => {
  const found = businesses.find((business) => business.description === description);
  if (!found) throw new Error(`no business ${description}`);
  return found;
};

const STATUSES = ['WAITING', 'SENT', 'CONFIRMED'] as const;

/**
 * Readings and parameter answers reach devices through ingest; here the trackers get their last position and a
 * parameterization status straight in the database, as ingest would leave them, so the map and the chips have
 * something to show.
 */
function placeTrackers(positions: Record<string, { lat: number; lon: number }>) {
  const db = new Database(join(suite.server.dataDir, 'app.db'));
  db.pragma('busy_timeout = 5000');
  const update = db.prepare(
    'UPDATE devices SET signal_values = ?, last_seen_at = ?, parameters_status = ? WHERE id = ?',
  );
  const now = Date.now();
  Object.entries(positions).forEach(([uuid, position], index) => {
    update.run(JSON.stringify({ position: { value: position, date: now } }), now, STATUSES[index] ?? null, uuid);
  });
  db.close();
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  token = await apiSignIn(suite.server.url, ADMIN.email, ADMIN.password);
  businesses = (await api<typeof businesses>('/customer-business')).body;
  const porto = businessNamed('Porto plant')._id;
  const trackers = await api<{ results: { ok: boolean; uuid?: string }[] }>('/devices/from-scratch', {
    method: 'POST',
    body: {
      businessId: porto,
      deviceType: 'gps-tracker',
      devices: [1, 2, 3].map((n) => ({ networkId: imei(`3569380350${n}123`), description: `E2E tracker ${n}` })),
    },
  });
  const sensors = await api<{ results: { ok: boolean }[] }>('/devices/from-scratch', {
    method: 'POST',
    body: {
      businessId: porto,
      deviceType: 'th-sensor-sigfox',
      devices: [1, 2].map((n) => ({ networkId: `E2E00${n}`, description: `E2E cold room ${n}` })),
    },
  });
  expect([...trackers.body.results, ...sensors.body.results].every((result) => result.ok)).toBe(true);
  const [first, second, third] = trackers.body.results.map((result) => result.uuid ?? '');
  placeTrackers({
    [first ?? '']: { lat: 41.1496, lon: -8.611 },
    [second ?? '']: { lat: 41.1579, lon: -8.6291 },
    [third ?? '']: { lat: 38.7223, lon: -9.1393 },
  });
});

/** Opens `path` signed in as provider staff, past the Sigfox token dialog that opens by itself for them. */
async function openAsAdmin(path: string, texts: Record<string, string> = en) {
  const separator = path.includes('?') ? '&' : '?';
  await suite.page.goto(
    `${suite.server.url}${path}${separator}BearerToken=${token}&lang=${texts === pt ? 'pt' : 'en'}`,
  );
  const tokens = suite.page.getByRole('dialog', { name: texts['sigfoxTokens.title'] });
  await tokens.getByRole('button', { name: texts['app.close'] }).click();
  await tokens.waitFor({ state: 'hidden' });
  await suite.page.getByRole('button', { name: texts['cookies.accept'] }).click();
}

const table = (texts: Record<string, string> = en) => suite.page.getByRole('table', { name: texts['devices.title'] });
const rowOf = (description: string) => table().getByRole('row').filter({ hasText: description });
const view = (name: string) => suite.page.getByRole('button', { name, exact: true });

describe('the device list', () => {
  it('lists the devices, switches views, filters while typing and moves a selection', async () => {
    // The demo data has devices of its own: the test looks at the ones it made.
    await openAsAdmin('/devices?q=E2E');
    await rowOf('E2E tracker 1').waitFor();
    await expect.poll(() => rowOf('E2E cold room 2').count()).toBe(1);
    await suite.page.getByText(en['devices.count'].replace('{{total}}', '5')).waitFor();
    await rowOf('E2E cold room 1').getByText('Porto plant').waitFor();
    await rowOf('E2E tracker 1').getByText(MESSAGES.en['device.parameterization.WAITING']).waitFor();
    await rowOf('E2E tracker 3').getByText(MESSAGES.en['device.parameterization.CONFIRMED']).waitFor();
    // The latest values of the signals the type shows in lists.
    await rowOf('E2E tracker 1').getByTitle('Position: 41.1496, -8.611').waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/list-en.png`, fullPage: true });

    await view(en['devices.view.cards']).click();
    await suite.page.getByRole('listitem', { name: 'E2E tracker 2' }).waitFor();
    expect(suite.page.url()).toContain('view=cards');
    await suite.page.screenshot({ path: `${SHOTS}/cards-en.png`, fullPage: true });

    await view(en['devices.view.map']).click();
    await suite.page.getByText(en['devices.mapCount'].replace('{{total}}', '3')).waitFor();
    await suite.page.getByRole('region', { name: en['devices.view.map'] }).locator('canvas').waitFor();
    // Porto's two trackers cluster at this zoom; the cluster carries its count.
    await suite.page.getByRole('region', { name: en['devices.view.map'] }).getByRole('button', { name: '2' }).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/map-en.png`, fullPage: true });

    await view(en['devices.view.list']).click();
    await suite.page.getByRole('searchbox', { name: en['devices.search'] }).fill('E2E cold room');
    await expect.poll(() => rowOf('E2E tracker 1').count()).toBe(0);
    await suite.page.screenshot({ path: `${SHOTS}/search-en.png`, fullPage: true });
    await expect.poll(() => table().getByRole('row').count()).toBe(3);
    expect(suite.page.url()).toContain('q=E2E+cold+room');
    await suite.page.reload();
    await rowOf('E2E cold room 1').waitFor();
    expect(await suite.page.getByRole('searchbox', { name: en['devices.search'] }).inputValue()).toBe('E2E cold room');
    expect(await rowOf('E2E tracker 1').count()).toBe(0);

    await suite.page
      .getByRole('checkbox', { name: en['devices.select'].replace('{{name}}', 'E2E cold room 1') })
      .check();
    await suite.page
      .getByRole('checkbox', { name: en['devices.select'].replace('{{name}}', 'E2E cold room 2') })
      .check();
    await suite.page.getByText(en['devices.selected'].replace('{{total}}', '2')).waitFor();
    await suite.page.getByRole('button', { name: en['devices.move'] }).click();
    const picker = suite.page.getByRole('dialog', { name: en['devices.moveTitle'].replace('{{total}}', '2') });
    await picker.getByRole('searchbox', { name: en['businesses.search'] }).fill('Braga');
    await picker.getByRole('treeitem', { name: /Braga plant/ }).click();
    await suite.page.screenshot({ path: `${SHOTS}/move-picker-en.png` });
    await picker.getByRole('button', { name: en['app.ok'] }).click();
    const done = suite.page.getByRole('dialog', { name: en['devices.bulk.moveTitle'] });
    await done.getByText(en['devices.bulk.moveDone'].replace('{{succeeded}}', '2').replace('{{total}}', '2')).waitFor();
    await done.getByRole('button', { name: en['app.close'] }).click();
    await rowOf('E2E cold room 1').getByText('Braga plant').waitFor();
    await rowOf('E2E cold room 2').getByText('Braga plant').waitFor();

    const moved = await api<{ items: { description: string; business: { description: string } }[] }>(
      '/devices/filter',
      { method: 'POST', body: { search: 'E2E cold room' } },
    );
    expect(moved.body.items.map((device) => device.business.description)).toEqual(['Braga plant', 'Braga plant']);
  });

  it("shows a business's devices in its configuration tab, in Portuguese too", async () => {
    await suite.reopenBrowser({ locale: 'pt-PT' });
    const porto = businessNamed('Porto plant');
    await openAsAdmin(`/businesses/${porto._id}/${porto.slug}/config?tab=devices&q=E2E`, pt);
    await table(pt).getByRole('row').filter({ hasText: 'E2E tracker 1' }).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/config-tab-pt.png`, fullPage: true });
    await suite.page.getByRole('button', { name: pt['devices.view.cards'], exact: true }).click();
    await suite.page.getByRole('listitem', { name: 'E2E tracker 2' }).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/cards-pt.png`, fullPage: true });
    await suite.page.getByRole('button', { name: pt['devices.view.map'], exact: true }).click();
    await suite.page.getByText(pt['devices.mapCount'].replace('{{total}}', '3')).waitFor();
    await suite.page.getByRole('region', { name: pt['devices.view.map'] }).getByRole('button', { name: '2' }).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/map-pt.png`, fullPage: true });
    await suite.page.getByRole('button', { name: pt['devices.import.open'] }).click();
    await suite.page.getByRole('dialog', { name: pt['devices.import.title'] }).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/import-pt.png` });
  });

  it('configures two demo devices of one type with a parameter preset', async () => {
    // The demo seeds no preset: one for the cold rooms' type, owned by their business.
    const preset = await api<{ uuid: string }>('/parameter-presets', {
      method: 'POST',
      body: {
        businessId: businessNamed('Porto plant')._id,
        name: 'E2E summer',
        description: 'Cold rooms in summer',
        model: 'th-sensor-sigfox',
        profile: { reportingPeriod: 30, temperatureHigh: 8, temperatureLow: 2, alarmEnabled: true },
      },
    });
    expect(preset.status).toBe(201);
    await openAsAdmin('/devices?q=Cold%20room');
    // The demo's cold rooms, not this file's "E2E cold room" ones.
    const demoRow = (description: string) =>
      table()
        .getByRole('row')
        .filter({ has: suite.page.getByRole('link', { name: description, exact: true }) });
    await demoRow('Cold room 2').waitFor();
    for (const description of ['Cold room 1', 'Cold room 2'])
      await suite.page
        .getByRole('checkbox', { name: en['devices.select'].replace('{{name}}', description), exact: true })
        .check();
    await suite.page.getByText(en['devices.selected'].replace('{{total}}', '2')).waitFor();
    await suite.page.getByRole('button', { name: en['devices.configure'], exact: true }).click();

    const dialog = suite.page.getByRole('dialog', { name: en['devices.configureTitle'].replace('{{total}}', '2') });
    await dialog
      .getByText(
        en['devices.configurePresetFacts']
          .replace('{{type}}', 'TH-S temperature and humidity sensor')
          .replace('{{business}}', 'Porto plant')
          .replace('{{fit}}', '2')
          .replace('{{total}}', '2'),
      )
      .waitFor();
    await dialog.getByRole('radio', { name: /E2E summer/ }).check();
    await suite.page.screenshot({ path: `${SHOTS}/configure-en.png` });
    await dialog.getByRole('button', { name: en['devices.configureApply'] }).click();

    const done = suite.page.getByRole('dialog', { name: en['devices.bulk.configureTitle'] });
    await done.getByText(en['devices.bulk.configureDone'].replace('{{total}}', '2')).waitFor();
    expect(await done.getByRole('list', { name: en['devices.bulk.notConfigured'] }).count()).toBe(0);
    await suite.page.screenshot({ path: `${SHOTS}/configure-done-en.png` });
    await done.getByRole('button', { name: en['app.close'] }).click();

    // The list is read again: both wait for their new parameters, in orange (SPEC 4).
    for (const description of ['Cold room 1', 'Cold room 2']) {
      const chip = demoRow(description).getByText(MESSAGES.en['device.parameterization.WAITING'], { exact: true });
      await chip.waitFor();
      expect(
        await chip.evaluate((label) => getComputedStyle(label.closest('.MuiChip-root') ?? label).backgroundColor),
      ).toBe('rgb(255, 152, 0)');
    }
    await suite.page.screenshot({ path: `${SHOTS}/configured-en.png`, fullPage: true });
    const configured = await api<{ items: { description: string; parameters: { status: string | null } }[] }>(
      '/devices/filter',
      { method: 'POST', body: { search: 'Cold room' } },
    );
    const statusOf = (description: string) =>
      configured.body.items.find((device) => device.description === description)?.parameters.status;
    expect([statusOf('Cold room 1'), statusOf('Cold room 2')]).toEqual(['WAITING', 'WAITING']);
  });

  it('refuses a CSV file with a bad line and says which line', async () => {
    const porto = businessNamed('Porto plant');
    await openAsAdmin(`/businesses/${porto._id}/${porto.slug}/devices?q=E2E`);
    await rowOf('E2E tracker 1').waitFor();
    await suite.page.getByRole('button', { name: en['devices.import.open'] }).click();
    const dialog = suite.page.getByRole('dialog', { name: en['devices.import.title'] });
    await dialog.getByRole('combobox', { name: en['devices.import.deviceType'] }).click();
    await suite.page.getByRole('option', { name: 'TH-S temperature and humidity sensor' }).click();
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'devices.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('E2E-CSV-1,E2E101,Good line\nthis line has no network id\n'),
    });
    await dialog.getByText('devices.csv').waitFor();
    await dialog.getByRole('button', { name: en['devices.import.submit'] }).click();
    const invalid = suite.page.getByRole('dialog', { name: en['devices.import.invalidTitle'] });
    await invalid.getByText('CSV file format is incorrect. Error at line 2.').waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/csv-invalid-en.png` });
    const imported = await api<{ count: number }>('/devices/filter-count', {
      method: 'POST',
      body: { search: 'Good line' },
    });
    expect(imported.body.count).toBe(0);
  });

  it('renames devices from a CSV file and moves them into the business, listing those not done', async () => {
    const porto = businessNamed('Porto plant');
    await openAsAdmin(`/businesses/${porto._id}/${porto.slug}/devices?q=E2E`);
    await rowOf('E2E tracker 1').waitFor();
    await suite.page.getByRole('button', { name: en['devices.import.open'] }).click();
    const dialog = suite.page.getByRole('dialog', { name: en['devices.import.title'] });
    await dialog.getByRole('radio', { name: en['devices.import.modeRename'] }).check();
    await dialog.getByText(en['devices.import.moveTo'].replace('{{business}}', 'Porto plant')).waitFor();
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'renames.csv',
      mimeType: 'text/csv',
      // The first cold room is named by its Sigfox id; the second line names no device.
      buffer: Buffer.from('Device ID,Description\nE2E001,E2E cold room north\nE2E-NOPE,Ghost\n'),
    });
    await dialog.getByText('renames.csv').waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/csv-rename-en.png` });
    await dialog.getByRole('button', { name: en['devices.import.submit'] }).click();
    const result = suite.page.getByRole('dialog', { name: en['devices.import.resultTitle'] });
    await result
      .getByText(en['devices.import.renameDone'].replace('{{succeeded}}', '1').replace('{{total}}', '2'))
      .waitFor();
    await result
      .getByRole('list', { name: en['devices.bulk.notDone'] })
      .getByRole('listitem')
      .filter({ hasText: 'E2E-NOPE' })
      .getByText(MESSAGES.en.not_found)
      .waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/csv-rename-result-en.png` });
    await result.getByRole('button', { name: en['app.close'] }).click();
    await rowOf('E2E cold room north').getByText('Porto plant').waitFor();

    const renamed = await api<{ items: { business: { description: string } }[] }>('/devices/filter', {
      method: 'POST',
      body: { search: 'E2E cold room north' },
    });
    expect(renamed.body.items.map((device) => device.business.description)).toEqual(['Porto plant']);
  });
});
