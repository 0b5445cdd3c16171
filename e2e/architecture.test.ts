import { mkdir } from 'node:fs/promises';
import { translate } from '@iot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import pt from '../packages/web/src/i18n/pt.json' with { type: 'json' };
import { SHOTS } from './support/browser.js';
import { ADMIN } from './support/server.js';
import { apiSignIn } from './support/session.js';
import { useDemoSuite } from './support/suite.js';

const suite = useDemoSuite();
let token: string;

const api = async <T>(path: string) => {
  const response = await fetch(`${suite.server.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return (await response.json()) as T;
};

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  token = await apiSignIn(suite.server.url, ADMIN.email, ADMIN.password);
});

type Texts = typeof en;

/** Opens `path` signed in as provider staff, past the Sigfox token dialog that opens by itself for them. */
async function openAsAdmin(path: string, texts: Texts = en) {
  await suite.page.goto(`${suite.server.url}${path}?BearerToken=${token}&lang=${texts === pt ? 'pt' : 'en'}`);
  const tokens = suite.page.getByRole('dialog', { name: texts['sigfoxTokens.title'] });
  await tokens.getByRole('button', { name: texts['app.close'] }).click();
  await tokens.waitFor({ state: 'hidden' });
  await suite.page.getByRole('button', { name: texts['cookies.accept'] }).click();
}

const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((result, [key, value]) => result.replace(`{{${key}}}`, value), text);

/** Chooses a business in the tree picker that the field labelled `label` opens. */
async function chooseBusiness(label: string, business: RegExp, texts: Texts = en) {
  await suite.page.getByRole('button', { name: fill(texts['arch.business.choose'], { field: label }) }).click();
  const picker = suite.page.getByRole('dialog', { name: label });
  await picker.getByRole('treeitem', { name: business }).click();
  await picker.getByRole('button', { name: texts['app.ok'] }).click();
  await picker.waitFor({ state: 'hidden' });
}

async function chooseOption(label: string, option: string) {
  await suite.page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await suite.page.getByRole('option', { name: option, exact: true }).click();
  await suite.page.getByRole('listbox').waitFor({ state: 'hidden' });
}

describe('the architecture pages', () => {
  it('locks a signal, edits its name over its version and shows it in the history', async () => {
    await openAsAdmin('/arch-signals');
    const table = suite.page.getByRole('table', { name: en['route.archSignals'] });
    const row = table.getByRole('row').filter({ has: suite.page.getByRole('cell', { name: 'humidity', exact: true }) });
    await row.waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/signals-en.png`, fullPage: true });

    await row.getByRole('button', { name: fill(en['arch.signals.edit'], { key: 'humidity' }) }).click();
    const dialog = suite.page.getByRole('dialog', { name: fill(en['arch.signals.editTitle'], { key: 'humidity' }) });
    await dialog.getByLabel(en['arch.signals.name']).fill('Humidity (edited)');
    // While the dialog is open the signal is locked by the one editing it.
    const locked = await api<{ key: string; lock: { user: string } | null }[]>('/signals?editionCtrl=true');
    expect(locked.find((signal) => signal.key === 'humidity')?.lock?.user).toBe(ADMIN.email);
    await suite.page.screenshot({ path: `${SHOTS}/signal-edit-en.png` });
    await dialog.getByRole('button', { name: en['arch.save'] }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByRole('cell', { name: 'Humidity (edited)' }).waitFor();
    await row.getByText(en['arch.signals.unlocked']).waitFor();

    await row.getByRole('button', { name: fill(en['arch.signals.history'], { key: 'humidity' }) }).click();
    const history = suite.page.getByRole('dialog', {
      name: fill(en['arch.signals.historyTitle'], { key: 'humidity' }),
    });
    const edited = history.getByRole('row').filter({ hasText: en['arch.signals.action.updated'] });
    await edited.getByText('Humidity (edited)', { exact: false }).waitFor();
    await history.getByRole('row').filter({ hasText: en['arch.signals.action.locked'] }).first().waitFor();
    await history.getByRole('row').filter({ hasText: en['arch.signals.action.unlocked'] }).first().waitFor();
    expect(await edited.getByRole('cell').nth(1).textContent()).toBe(ADMIN.email);
    await suite.page.screenshot({ path: `${SHOTS}/signal-history-en.png` });
  });

  it('decodes a Cayenne LPP frame into named readings, and shows why a cut frame is refused', async () => {
    await openAsAdmin('/arch-device-types/cayenne-lpp');
    await suite.page.getByLabel(en['arch.decoder.payload']).fill('03670110056700FF');
    await suite.page.getByRole('button', { name: en['arch.decoder.decode'] }).click();
    const readings = suite.page.getByRole('table', { name: en['arch.decoder.readings'] });
    await readings.getByRole('row').filter({ hasText: 'temperature_3' }).getByText('27.2', { exact: true }).waitFor();
    await readings.getByRole('row').filter({ hasText: 'temperature_5' }).getByText('25.5', { exact: true }).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/device-type-en.png`, fullPage: true });

    await suite.page.getByLabel(en['arch.decoder.payload']).fill('036701');
    await suite.page.getByRole('button', { name: en['arch.decoder.decode'] }).click();
    await suite.page.getByRole('alert').filter({ hasText: en['arch.decoder.refused'] }).waitFor();
    await suite.page.getByText(en['device.data.frameError.decode.truncated']).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/decode-error-en.png` });

    await suite.page.getByRole('link', { name: en['route.archDeviceTypes'] }).click();
    await suite.page.getByRole('link', { name: 'TH-S temperature and humidity sensor' }).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/device-types-en.png`, fullPage: true });
  });

  it('refuses a preset value out of range, then creates a valid preset', async () => {
    await openAsAdmin('/arch-params');
    await suite.page.getByRole('link', { name: en['arch.params.create'] }).click();
    await suite.page.getByRole('heading', { level: 1, name: en['arch.params.createTitle'] }).waitFor();
    await suite.page.getByLabel(en['arch.params.name'], { exact: false }).first().fill('Cold chain');
    await chooseOption(en['arch.params.model'], 'TH-S temperature and humidity sensor');
    await chooseBusiness(en['arch.params.business'], /Acme Water/);
    await suite.page.getByLabel('Reporting period (min)').fill('5');
    await suite.page.getByRole('button', { name: en['arch.create'] }).click();
    const mustBe = translate('parameter.integer_range', 'en', { min: '15', max: '1,440', unit: ' min' });
    await suite.page.getByText(mustBe).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/preset-error-en.png`, fullPage: true });

    await suite.page.getByLabel('Reporting period (min)').fill('30');
    await suite.page.getByRole('button', { name: en['arch.create'] }).click();
    await suite.page.waitForURL(/\/arch-params\/[0-9a-f-]{36}$/);
    await suite.page.getByRole('heading', { level: 1, name: 'Cold chain' }).waitFor();
    const presets = await api<{ name: string; model: string; profile: Record<string, number | boolean> }[]>(
      '/parameter-presets?model=th-sensor-sigfox',
    );
    expect(presets.find((preset) => preset.name === 'Cold chain')?.profile.reportingPeriod).toBe(30);

    await suite.page.getByRole('link', { name: en['route.archParams'] }).click();
    await suite.page.getByRole('link', { name: 'Cold chain' }).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/presets-en.png`, fullPage: true });
  });

  it('creates an asset type with an options field', async () => {
    await openAsAdmin('/arch-asset-types');
    await suite.page.getByRole('link', { name: en['arch.assetTypes.create'] }).click();
    await suite.page.getByRole('heading', { level: 1, name: en['arch.assetTypes.createTitle'] }).waitFor();
    await suite.page.getByLabel(en['arch.assetTypes.name'], { exact: false }).first().fill('Water tank');
    await suite.page.getByRole('button', { name: en['arch.assetTypes.addField'] }).click();
    await suite.page.getByLabel(en['arch.assetTypes.fieldName']).fill('Material');
    await chooseOption(en['arch.assetTypes.fieldType'], en['arch.assetTypes.type.options']);
    const option = suite.page.getByLabel(fill(en['arch.assetTypes.newOptionOf'], { field: 'Material' }));
    await option.fill('Steel');
    await option.press('Enter');
    await option.fill('Concrete');
    await option.press('Enter');
    await suite.page.getByLabel(en['arch.assetTypes.required']).check();
    await suite.page.screenshot({ path: `${SHOTS}/asset-type-en.png`, fullPage: true });
    await suite.page.getByRole('button', { name: en['arch.create'] }).click();
    await suite.page.waitForURL(/\/arch-asset-types\/(?!new)[^/]+$/);
    await suite.page.getByRole('heading', { level: 1, name: 'Water tank' }).waitFor();
    const types = await api<{ name: string; fields: unknown[] }[]>('/asset-types');
    expect(types.find((type) => type.name === 'Water tank')?.fields).toEqual([
      { name: 'Material', type: 'options', options: ['Steel', 'Concrete'], required: true },
    ]);

    await suite.page.getByRole('link', { name: en['route.archAssetTypes'] }).click();
    await suite.page.getByRole('link', { name: 'Water tank' }).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/asset-types-en.png`, fullPage: true });
  });

  it('creates devices from a pasted list, and refuses a bad CSV file naming its line', async () => {
    await openAsAdmin('/arch-devices-creation');
    await chooseBusiness(en['arch.creation.business'], /North region/);
    await chooseOption(en['arch.creation.deviceType'], 'TH-S temperature and humidity sensor');
    await suite.page
      .getByLabel(en['arch.creation.list'], { exact: true })
      .fill('1A2B3C01, Freezer 1\n1A2B3C02, Freezer 2\n1A2B3C03');
    await suite.page.getByText(fill(en['arch.creation.listCount'], { total: '3' })).waitFor();
    await suite.page.getByRole('button', { name: en['arch.creation.create'] }).click();
    await suite.page.getByText(fill(en['arch.creation.succeeded'], { total: '3' })).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/devices-creation-en.png`, fullPage: true });

    // The same ids again: none is created, each with the server's reason.
    await suite.page
      .getByLabel(en['arch.creation.list'], { exact: true })
      .fill('1A2B3C01, Freezer 1\n1A2B3C04, Freezer 4');
    await suite.page.getByRole('button', { name: en['arch.creation.create'] }).click();
    await suite.page.getByText(fill(en['arch.creation.succeeded'], { total: '1' })).waitFor();
    await suite.page
      .getByRole('table', { name: en['arch.creation.notCreated'] })
      .getByRole('row')
      .filter({ hasText: '1A2B3C01' })
      .waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/devices-creation-failed-en.png`, fullPage: true });

    // What the server refuses is said under the list, at each wrong line (blank lines count), and nothing is made.
    await suite.page
      .getByLabel(en['arch.creation.list'], { exact: true })
      .fill(`1A2B3C05\n\n1A2B3C06, ${'L'.repeat(300)}\n1A2B3C07, ${'M'.repeat(201)}`);
    await suite.page.getByRole('button', { name: en['arch.creation.create'] }).click();
    const tooLong = translate('validation.max_length', 'en', { max: 200 });
    for (const line of ['3', '4']) {
      await suite.page.getByText(fill(en['arch.creation.listLineError'], { line, message: tooLong })).waitFor();
    }
    await suite.page.screenshot({ path: `${SHOTS}/devices-creation-line-errors-en.png`, fullPage: true });

    await suite.page.getByRole('tab', { name: en['arch.creation.fromCsv'] }).click();
    await suite.page.locator('input[type=file]').setInputFiles({
      name: 'devices.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Device ID,Network ID,Description\nT-10,1A2B3C10,Tank 10\nT-11\n'),
    });
    await suite.page.getByRole('button', { name: en['arch.creation.create'] }).click();
    const invalid = suite.page.getByRole('dialog', { name: en['arch.creation.csvInvalidTitle'] });
    await invalid.getByText('CSV file format is incorrect. Error at line 3.').waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/csv-invalid-en.png` });
  });

  it('is in Portuguese for a Portuguese interface', async () => {
    await openAsAdmin('/arch-signals', pt);
    await suite.page
      .getByRole('table', { name: pt['route.archSignals'] })
      .getByText('humidity', { exact: true })
      .waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/signals-pt.png`, fullPage: true });
    await suite.page.goto(`${suite.server.url}/arch-device-types/cayenne-lpp`);
    await suite.page.getByLabel(pt['arch.decoder.payload']).fill('03670110056700FF');
    await suite.page.getByRole('button', { name: pt['arch.decoder.decode'] }).click();
    await suite.page
      .getByRole('table', { name: pt['arch.decoder.readings'] })
      .getByText('27,2', { exact: true })
      .waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/device-type-pt.png`, fullPage: true });
    await suite.page.goto(`${suite.server.url}/arch-params/new`);
    await chooseOption(pt['arch.params.model'], pt['deviceTypes.th-sensor-sigfox']);
    await suite.page.getByLabel(`${pt['params.reportingPeriod']} (min)`).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/preset-pt.png`, fullPage: true });
    await suite.page.goto(`${suite.server.url}/arch-devices-creation`);
    // Seven lines the server refuses: the first five are named, in Portuguese, then how many more.
    await chooseBusiness(pt['arch.creation.business'], /North region/, pt);
    await chooseOption(pt['arch.creation.deviceType'], pt['deviceTypes.th-sensor-sigfox']);
    await suite.page
      .getByLabel(pt['arch.creation.list'], { exact: true })
      .fill(Array.from({ length: 7 }, (_, index) => `1A2B3D0${index}, ${'L'.repeat(201)}`).join('\n'));
    await suite.page.getByRole('button', { name: pt['arch.creation.create'] }).click();
    const tooLong = translate('validation.max_length', 'pt', { max: 200 });
    await suite.page.getByText(fill(pt['arch.creation.listLineError'], { line: '5', message: tooLong })).waitFor();
    await suite.page.getByText(fill(pt['arch.creation.listMoreErrors_other'], { count: '2' })).waitFor();
    expect(
      await suite.page.getByText(fill(pt['arch.creation.listLineError'], { line: '6', message: tooLong })).count(),
    ).toBe(0);
    await suite.page.screenshot({ path: `${SHOTS}/devices-creation-errors-pt.png`, fullPage: true });
    await suite.page.getByRole('tab', { name: pt['arch.creation.fromCsv'] }).click();
    await suite.page.screenshot({ path: `${SHOTS}/devices-creation-pt.png`, fullPage: true });
    await suite.page.goto(`${suite.server.url}/arch-asset-types/new`);
    await suite.page.getByRole('button', { name: pt['arch.assetTypes.addField'] }).click();
    await suite.page.screenshot({ path: `${SHOTS}/asset-type-pt.png`, fullPage: true });
  });

  it('tells a user who is not provider staff that the page is not theirs', async () => {
    const operator = await apiSignIn(suite.server.url, 'operator@example.com', suite.server.demoPassword());
    await suite.page.goto(`${suite.server.url}/arch-signals?BearerToken=${operator}&lang=en`);
    await suite.page.getByText(en['permission.denied']).waitFor();
    expect(await suite.page.getByRole('table', { name: en['route.archSignals'] }).count()).toBe(0);
    await suite.page.screenshot({ path: `${SHOTS}/signals-denied-en.png` });
  });
});
