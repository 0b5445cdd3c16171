import { type SmtpInbox, startSmtpInbox } from '@iot/server/testing';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import pt from '../packages/web/src/i18n/pt.json' with { type: 'json' };
import { apiOf, type ListedBusiness } from './support/api.js';
import { openBrowser } from './support/browser.js';
import { ADMIN, startServer } from './support/server.js';
import { apiSignIn } from './support/session.js';

/** Where the screenshots of this test go, to be looked at. */
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/helper-d2';

let inbox: SmtpInbox;
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startServer({ smtpUrl: inbox.url, seedDemo: true });
});
afterAll(async () => {
  await server?.stop();
  await inbox?.close();
});
beforeEach(async () => {
  browser = await openBrowser({ locale: 'en-US' });
  page = browser.page;
  await page.setViewportSize({ width: 1280, height: 1200 });
});
afterEach(async () => browser?.close());

const api = () => apiOf(server.url);
const call = <T>(token: string, method: string, path: string, body?: unknown) =>
  api().call<T>(token, method, path, body);
const businessNamed = (token: string, description: string) => api().businessNamed(token, description);

/** A TH-S sensor in North region with a valve output, made through the API as provider staff. */
async function createDevice(token: string, north: ListedBusiness, sigfoxID: string) {
  const device = await call<{ uuid: string; version: number }>(token, 'POST', '/devices', {
    businessId: north._id,
    deviceType: 'th-sensor-sigfox',
    description: 'Cold room 7',
    serialNumber: 'THS-0007',
    sigfoxID,
  });
  await call(token, 'PATCH', `/devices/${device.uuid}/outputs`, {
    version: device.version,
    define: [{ key: 'valve', name: 'Inlet valve' }],
  });
  return device.uuid;
}

const tab = (name: string) => page.getByRole('tab', { name, exact: true });

/** Accepts the cookie notice, which would otherwise cover the bottom of the screenshots. */
const acceptCookies = (texts: typeof en) => page.getByRole('button', { name: texts['cookies.accept'] }).click();

/** Lets the tab bar finish scrolling the chosen tab into view before a screenshot. */
const settle = () => page.waitForTimeout(500);

describe('the device screen', () => {
  it('edits a device, sets its parameters, records a battery change, switches an output and adds an alarm rule', async () => {
    const token = await apiSignIn(server.url, ADMIN.email, ADMIN.password);
    const north = await businessNamed(token, 'North region');
    const uuid = await createDevice(token, north, '1A2B3C4');
    await call(token, 'POST', '/parameter-presets', {
      businessId: north._id,
      name: 'Cold storage',
      model: 'th-sensor-sigfox',
      profile: { reportingPeriod: 30, temperatureHigh: 8 },
    });

    await page.goto(`${server.url}/businesses/${north._id}/${north.slug}/devices/${uuid}?BearerToken=${token}&lang=en`);
    // The seeded Sigfox tokens are over 90%: the token dialog opens by itself for provider staff.
    const tokens = page.getByRole('dialog', { name: en['sigfoxTokens.title'] });
    await tokens.getByRole('button', { name: en['app.close'] }).click();
    await acceptCookies(en);
    await page.getByRole('heading', { name: 'Cold room 7' }).waitFor();
    await page.getByText(en['device.noData']).first().waitFor();
    await page.getByRole('link', { name: 'North region' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/en-overview.png`, fullPage: true });

    await tab(en['device.tab.info']).click();
    expect(page.url()).toContain('tab=info');
    const description = page.getByLabel(en['device.field.description'], { exact: true });
    await description.fill('Cold room 7 (door side)');
    await page.getByLabel(en['device.field.loraEUI'], { exact: true }).fill('xyz');
    await page.getByRole('button', { name: en['device.save'], exact: true }).click();
    await page.getByText('Invalid value').waitFor();
    await page.getByLabel(en['device.field.loraEUI'], { exact: true }).fill('');
    await page.getByRole('button', { name: en['device.save'], exact: true }).click();
    await page.getByText(en['app.updated']).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Cold room 7 (door side)' }).waitFor();
    expect(await description.inputValue()).toBe('Cold room 7 (door side)');
    await page.screenshot({ path: `${SHOTS}/en-info.png`, fullPage: true });

    await tab(en['device.tab.config']).click();
    const period = page.getByLabel('Reporting period (min)', { exact: true });
    await page.getByRole('combobox', { name: en['device.config.preset'] }).click();
    await page.getByRole('option', { name: 'Cold storage' }).click();
    expect(await period.inputValue()).toBe('30');
    expect(await page.getByLabel('High temperature threshold (°C)', { exact: true }).inputValue()).toBe('8');
    await period.fill('10');
    await page.getByRole('button', { name: en['device.config.send'], exact: true }).click();
    await page.getByText(en['device.config.outOfRange'].replace('{{min}}', '15').replace('{{max}}', '1,440')).waitFor();
    await period.fill('90');
    await page.getByRole('button', { name: en['device.config.send'], exact: true }).click();
    await page.getByText(en['device.config.sent']).waitFor();
    await page.getByText('Waiting', { exact: true }).first().waitFor();
    await page.getByText(en['device.config.pendingDownlink']).waitFor();
    await page.screenshot({ path: `${SHOTS}/en-config.png`, fullPage: true });

    await tab(en['device.tab.maintenance']).click();
    await page.getByLabel(en['device.maintenance.comment'], { exact: true }).fill('Two AA cells replaced');
    await page.getByRole('button', { name: en['device.maintenance.add'], exact: true }).click();
    await page.getByRole('cell', { name: 'Two AA cells replaced' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/en-maintenance.png`, fullPage: true });

    await tab(en['device.tab.outputs']).click();
    const valve = page
      .getByRole('switch', { name: 'Inlet valve' })
      .or(page.getByRole('checkbox', { name: 'Inlet valve' }));
    expect(await valve.isChecked()).toBe(false);
    await valve.click();
    await expect.poll(() => valve.isChecked()).toBe(true);
    await expect
      .poll(
        async () =>
          (await call<{ outputs: { value: boolean }[] }>(token, 'GET', `/devices/${uuid}/outputs`)).outputs[0]?.value,
      )
      .toBe(true);
    await page.screenshot({ path: `${SHOTS}/en-outputs.png`, fullPage: true });

    await tab(en['device.tab.alarms']).click();
    await page.getByRole('button', { name: en['device.alarms.addRule'], exact: true }).click();
    const rule = page.getByRole('group', { name: en['device.alarms.rule'].replace('{{number}}', '1') });
    await rule.getByRole('combobox', { name: en['device.alarms.signal'] }).click();
    await page.getByRole('option', { name: 'Temperature (°C)' }).click();
    await rule.getByLabel(en['device.alarms.threshold'], { exact: true }).fill('8');
    await page.getByRole('button', { name: en['device.save'], exact: true }).click();
    await page.getByText(en['app.updated']).waitFor();
    const alarms = await call<{ rules: unknown[] }>(token, 'GET', `/devices/${uuid}/alarms`);
    expect(alarms.rules).toEqual([{ signal: 'temperature', condition: 'above', threshold: 8, hysteresis: 0 }]);
    await page.screenshot({ path: `${SHOTS}/en-alarms.png`, fullPage: true });

    await tab(en['device.tab.data']).click();
    await page.getByRole('cell', { name: 'Relative humidity' }).waitFor();
    await page.getByRole('combobox', { name: en['device.data.signals'] }).waitFor();
    await page.screenshot({ path: `${SHOTS}/en-data.png`, fullPage: true });

    await tab(en['device.tab.users']).click();
    await page.getByRole('cell', { name: 'tecnico@example.com' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/en-users.png`, fullPage: true });

    await page.getByRole('button', { name: en['device.advanced.title'] }).click();
    await page.getByRole('menuitem', { name: en['device.advanced.wipe'] }).waitFor();
    await page.screenshot({ path: `${SHOTS}/en-advanced.png` });
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    await tab(en['device.tab.overview']).click();
    await page.screenshot({ path: `${SHOTS}/en-overview-phone.png`, fullPage: true });
    await page.goto(`${server.url}/devices/${uuid}?tab=alarms&lang=en`);
    await page.getByRole('group', { name: en['device.alarms.rule'].replace('{{number}}', '1') }).waitFor();
    await settle();
    await page.screenshot({ path: `${SHOTS}/en-alarms-phone.png`, fullPage: true });
  });

  it('shows a viewer of the business the device read-only, in Portuguese', async () => {
    const adminToken = await apiSignIn(server.url, ADMIN.email, ADMIN.password);
    const north = await businessNamed(adminToken, 'North region');
    const uuid = await createDevice(adminToken, north, '5D6E7F8');
    const token = await apiSignIn(server.url, 'tecnico@example.com', server.demoPassword());
    await browser.close();
    browser = await openBrowser({ locale: 'pt-PT' });
    page = browser.page;
    await page.setViewportSize({ width: 1280, height: 1000 });

    await page.goto(`${server.url}/devices/${uuid}?BearerToken=${token}&lang=pt`);
    await page.getByRole('heading', { name: 'Cold room 7' }).waitFor();
    await page.getByText(pt['device.noData']).first().waitFor();
    await acceptCookies(pt as typeof en);
    expect(await tab(pt['device.tab.calibration']).count()).toBe(0);
    expect(await page.getByRole('button', { name: pt['device.advanced.title'] }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/pt-overview.png`, fullPage: true });

    await tab(pt['device.tab.info']).click();
    await page.getByText(pt['device.readOnly']).waitFor();
    expect(await page.getByLabel(pt['device.field.description'], { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: pt['device.save'], exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: pt['device.info.delete'], exact: true }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/pt-info.png`, fullPage: true });

    await tab(pt['device.tab.config']).click();
    await page.getByText(pt['device.readOnly']).waitFor();
    expect(await page.getByRole('button', { name: pt['device.config.send'], exact: true }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/pt-config.png`, fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await tab(pt['device.tab.overview']).click();
    await settle();
    await page.screenshot({ path: `${SHOTS}/pt-overview-phone.png`, fullPage: true });
    await tab(pt['device.tab.info']).click();
    await settle();
    await page.screenshot({ path: `${SHOTS}/pt-info-phone.png`, fullPage: true });
  });
});
