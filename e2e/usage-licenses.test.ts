import { mkdir } from 'node:fs/promises';
import type { Device, UsageLicense } from '@iot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import pt from '../packages/web/src/i18n/pt.json' with { type: 'json' };
import { apiOf, type ListedBusiness } from './support/api.js';
import { SHOTS } from './support/browser.js';
import { ADMIN } from './support/server.js';
import { apiSignIn } from './support/session.js';
import { useDemoSuite } from './support/suite.js';

type Texts = Record<string, string>;

const suite = useDemoSuite({ viewport: { width: 1280, height: 800 } });
const fill = (text: string | undefined, params: Record<string, string | number>) =>
  Object.entries(params).reduce((result, [key, value]) => result.replaceAll(`{{${key}}}`, String(value)), text ?? '');

/** What every test works with: provider staff, Acme Water's North region and a device in its Porto plant. */
const world = {
  token: '',
  north: undefined as unknown as ListedBusiness,
  porto: undefined as unknown as ListedBusiness,
  device: '',
  /** A device naming a license that has ended, for the device list's flag. */
  lapsedDevice: '',
};

const call = <T>(method: string, path: string, body?: unknown) =>
  apiOf(suite.server.url).call<T>(world.token, method, path, body);

async function createDevice(description: string, sigfoxID: string) {
  const device = await call<Device>('POST', '/devices', {
    businessId: world.porto._id,
    deviceType: 'th-sensor-sigfox',
    description,
    sigfoxID,
  });
  return device;
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  world.token = await apiSignIn(suite.server.url, ADMIN.email, ADMIN.password);
  world.north = await apiOf(suite.server.url).businessNamed(world.token, 'North region');
  world.porto = await apiOf(suite.server.url).businessNamed(world.token, 'Porto plant');
  world.device = (await createDevice('E2E licensed meter', 'E2E0001')).uuid;
  const lapsed = await call<UsageLicense>('POST', '/usage-licenses', {
    businessId: world.porto._id,
    licenseId: 'E2E-LAPSED',
    type: 'Trial',
    startsAt: '2025-01-01T00:00:00.000Z',
    endsAt: '2025-06-30T23:59:59.999Z',
  });
  const named = await createDevice('E2E lapsed meter', 'E2E0002');
  await call('PUT', '/devices', { uuid: named.uuid, version: named.version, usageLicenseId: lapsed._id });
  world.lapsedDevice = named.uuid;
});

/**
 * Opens `path` signed in as provider staff in `lang`; the Sigfox token dialog (which opens by itself for them when
 * tokens run low) and the cookie banner are put away whenever they show.
 */
async function open(path: string, texts: Texts) {
  const page = suite.page;
  await page.addLocatorHandler(page.getByRole('dialog', { name: texts['sigfoxTokens.title'] }), async (dialog) => {
    await dialog.getByRole('button', { name: texts['app.close'] }).click();
  });
  await page.addLocatorHandler(page.getByRole('button', { name: texts['cookies.accept'] }), async (accept) => {
    await accept.click();
  });
  const separator = path.includes('?') ? '&' : '?';
  const lang = texts === pt ? 'pt' : 'en';
  await page.goto(`${suite.server.url}${path}${separator}BearerToken=${world.token}&lang=${lang}`);
}

/** Takes a screenshot once the Sigfox token dialog, if it opened, is put away (it opens by itself once a session). */
async function shot(name: string, texts: Texts, fullPage = true) {
  const tokens = suite.page.getByRole('dialog', { name: texts['sigfoxTokens.title'] });
  if (await tokens.isVisible()) {
    // On a phone the cookie banner covers the dialog's close button until it is accepted.
    const cookies = suite.page.getByRole('button', { name: texts['cookies.accept'] });
    if (await cookies.isVisible()) await cookies.click();
    await tokens.getByRole('button', { name: texts['app.close'] }).click();
    await tokens.waitFor({ state: 'hidden' });
  }
  await suite.page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

const licenses = (texts: Texts) => suite.page.getByRole('list', { name: texts['usageLicenses.list'] });
const licenseRow = (texts: Texts, licenseId: string) =>
  licenses(texts).getByRole('listitem', { name: licenseId, exact: true });

describe('usage licenses', () => {
  it('provider staff create a license, pick it on a device and see the device counted in the list', async () => {
    await open('/arch-usage-licenses', en);
    await licenses(en).waitFor();
    await suite.page.getByRole('button', { name: en['usageLicenses.create'] }).click();
    const dialog = suite.page.getByRole('dialog', { name: en['usageLicenses.createTitle'] });
    await dialog.getByLabel(en['usageLicenses.field.licenseId'], { exact: false }).fill('E2E-LIC-1');
    await dialog.getByLabel(en['usageLicenses.field.type'], { exact: false }).fill('Annual');
    await dialog.getByLabel(en['usageLicenses.field.corporateName']).fill('Acme Water, S.A.');
    await dialog.getByLabel(en['usageLicenses.field.startsOn']).fill('2026-01-01');
    await dialog.getByLabel(en['usageLicenses.field.endsOn']).fill('2099-12-31');
    await dialog.getByLabel(en['usageLicenses.field.omieContractId']).fill('OM-2026-17');
    await dialog
      .getByRole('button', { name: fill(en['arch.business.choose'], { field: en['usageLicenses.field.businessId'] }) })
      .click();
    const picker = suite.page.getByRole('dialog', { name: en['usageLicenses.field.businessId'] });
    await picker.getByRole('searchbox').fill('North');
    await picker.getByRole('treeitem', { name: /North region/ }).click();
    await picker.getByRole('button', { name: en['app.ok'] }).click();
    await shot('usage-license-dialog-en', en, false);
    await dialog.getByRole('button', { name: en['usageLicenses.createButton'] }).click();
    await suite.page.getByText(fill(en['usageLicenses.created'], { licenseId: 'E2E-LIC-1' })).waitFor();
    await licenseRow(en, 'E2E-LIC-1').getByText(en['usageLicenses.devicesNone']).waitFor();

    await open(`/devices/${world.device}?tab=info`, en);
    const field = suite.page.getByRole('combobox', { name: en['device.field.usageLicenseId'] });
    await field.click();
    await field.fill('E2E-LIC');
    await suite.page.getByRole('option', { name: /E2E-LIC-1/ }).click();
    expect(await field.inputValue()).toBe('E2E-LIC-1');
    await shot('usage-license-picker-en', en);
    await suite.page.getByRole('button', { name: en['device.save'], exact: true }).click();
    await suite.page.getByText(en['app.updated']).waitFor();
    const saved = await call<Device>('GET', `/devices/${world.device}`);
    expect(saved.usageLicense).toEqual(expect.objectContaining({ licenseId: 'E2E-LIC-1', expired: false }));

    await open('/arch-usage-licenses', en);
    await suite.page.getByRole('searchbox', { name: en['usageLicenses.search'] }).fill('E2E');
    const row = licenseRow(en, 'E2E-LIC-1');
    await row.getByText(fill(en['usageLicenses.devicesCount_one'], { count: 1 })).waitFor();
    await licenseRow(en, 'E2E-LAPSED').getByText(en['usageLicenses.expired']).waitFor();
    await shot('usage-licenses-en', en);
    const count = fill(en['usageLicenses.devicesCount_one'], { count: 1 });
    await row
      .getByRole('button', { name: fill(en['usageLicenses.showDevices'], { licenseId: 'E2E-LIC-1', devices: count }) })
      .click();
    const panel = suite.page.getByRole('region', {
      name: fill(en['usageLicenses.devices.title'], { licenseId: 'E2E-LIC-1' }),
    });
    await panel.getByRole('link', { name: 'E2E licensed meter' }).waitFor();
    await shot('usage-license-devices-en', en, false);
  });

  it('flags an expired license in the device list and on the info tab', async () => {
    await open('/devices?q=E2E%20lapsed', en);
    const flag = suite.page.getByRole('img', { name: fill(en['usageLicenses.flag'], { licenseId: 'E2E-LAPSED' }) });
    await flag.first().waitFor();
    await flag.first().hover();
    await suite.page.getByRole('tooltip').waitFor();
    await shot('usage-license-flag-en', en, false);

    await open(`/devices/${world.lapsedDevice}?tab=info`, en);
    await suite.page
      .getByText(/E2E-LAPSED/)
      .first()
      .waitFor();
    await suite.page.getByRole('alert').filter({ hasText: 'E2E-LAPSED' }).waitFor();
    await shot('usage-license-expired-en', en);
  });

  it('shows the licenses, the dialog and the picker in Portuguese on a phone', async () => {
    await suite.page.setViewportSize({ width: 390, height: 844 });
    await open('/arch-usage-licenses', pt);
    await licenseRow(pt, 'E2E-LAPSED').getByText(pt['usageLicenses.expired']).waitFor();
    await shot('usage-licenses-pt-phone', pt);
    await licenseRow(pt, 'E2E-LAPSED')
      .getByRole('button', { name: fill(pt['usageLicenses.edit'], { licenseId: 'E2E-LAPSED' }) })
      .click();
    const dialog = suite.page.getByRole('dialog', {
      name: fill(pt['usageLicenses.editTitle'], { licenseId: 'E2E-LAPSED' }),
    });
    expect(await dialog.getByLabel(pt['usageLicenses.field.endsOn']).inputValue()).toBe('2025-06-30');
    await shot('usage-license-dialog-pt-phone', pt, false);
    await dialog.getByRole('button', { name: pt['app.cancel'] }).click();

    await open(`/devices/${world.lapsedDevice}?tab=info`, pt);
    await suite.page.getByRole('alert').filter({ hasText: 'E2E-LAPSED' }).waitFor();
    await shot('usage-license-picker-pt-phone', pt);

    await suite.page.setViewportSize({ width: 1280, height: 800 });
    await open('/arch-usage-licenses', pt);
    await licenseRow(pt, 'E2E-LAPSED').waitFor();
    await shot('usage-licenses-pt', pt);
  });

  it('shows the list in English on a phone', async () => {
    await suite.page.setViewportSize({ width: 390, height: 844 });
    await open('/arch-usage-licenses', en);
    await licenseRow(en, 'E2E-LAPSED').waitFor();
    await shot('usage-licenses-en-phone', en);
  });
});
