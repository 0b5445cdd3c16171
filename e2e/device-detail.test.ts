import { translate } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import pt from '../packages/web/src/i18n/pt.json' with { type: 'json' };
import { apiOf, type ListedBusiness } from './support/api.js';
import { SHOTS } from './support/browser.js';
import { ADMIN } from './support/server.js';
import { apiSignIn } from './support/session.js';
import { useDemoSuite } from './support/suite.js';

const suite = useDemoSuite({ viewport: { width: 1280, height: 1200 } });

const api = () => apiOf(suite.server.url);
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

const tab = (name: string) => suite.page.getByRole('tab', { name, exact: true });

/** Opens a device section from the tab row, or from the "More" menu when its tab did not fit the row. */
async function openTab(texts: typeof en, name: string) {
  if (await tab(name).count()) return tab(name).click();
  await suite.page.getByRole('button', { name: texts['device.moreTabs'] }).click();
  await suite.page.getByRole('menuitem', { name, exact: true }).click();
}

/** On a phone the tabs are a menu: opens it and picks the section. */
async function chooseSection(texts: typeof en, name: string) {
  await suite.page.getByRole('combobox', { name: texts['device.tabs'] }).click();
  await suite.page.getByRole('option', { name, exact: true }).click();
}

/** Accepts the cookie notice, which would otherwise cover the bottom of the screenshots. */
const acceptCookies = (texts: typeof en) => suite.page.getByRole('button', { name: texts['cookies.accept'] }).click();

/** Lets the tab bar finish scrolling the chosen tab into view before a screenshot. */
const settle = () => suite.page.waitForTimeout(500);

describe('the device screen', () => {
  it('edits a device, sets its parameters, records a battery change, switches an output and adds an alarm rule', async () => {
    const token = await apiSignIn(suite.server.url, ADMIN.email, ADMIN.password);
    const north = await businessNamed(token, 'North region');
    const uuid = await createDevice(token, north, '1A2B3C4');
    await call(token, 'POST', '/parameter-presets', {
      businessId: north._id,
      name: 'Cold storage',
      model: 'th-sensor-sigfox',
      profile: { reportingPeriod: 30, temperatureHigh: 8 },
    });

    await suite.page.goto(
      `${suite.server.url}/businesses/${north._id}/${north.slug}/devices/${uuid}?BearerToken=${token}&lang=en`,
    );
    // The seeded Sigfox tokens are over 90%: the token dialog opens by itself for provider staff.
    const tokens = suite.page.getByRole('dialog', { name: en['sigfoxTokens.title'] });
    await tokens.getByRole('button', { name: en['app.close'] }).click();
    await acceptCookies(en);
    await suite.page.getByRole('heading', { name: 'Cold room 7' }).waitFor();
    await suite.page.getByText(en['device.noData']).first().waitFor();
    await suite.page.getByRole('link', { name: 'North region' }).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/en-overview.png`, fullPage: true });

    await openTab(en, en['device.tab.info']);
    expect(suite.page.url()).toContain('tab=info');
    const description = suite.page.getByLabel(en['device.field.description'], { exact: true });
    await description.fill('Cold room 7 (door side)');
    await suite.page.getByLabel(en['device.field.loraEUI'], { exact: true }).fill('xyz');
    await suite.page.getByRole('button', { name: en['device.save'], exact: true }).click();
    await suite.page.getByText(translate('validation.lora_eui', 'en')).waitFor();
    await suite.page.getByLabel(en['device.field.loraEUI'], { exact: true }).fill('');
    await suite.page.getByRole('button', { name: en['device.save'], exact: true }).click();
    await suite.page.getByText(en['app.updated']).waitFor();
    await suite.page.reload();
    await suite.page.getByRole('heading', { name: 'Cold room 7 (door side)' }).waitFor();
    expect(await description.inputValue()).toBe('Cold room 7 (door side)');
    await suite.page.screenshot({ path: `${SHOTS}/en-info.png`, fullPage: true });

    await openTab(en, en['device.tab.config']);
    const period = suite.page.getByLabel('Reporting period (min)', { exact: true });
    await suite.page.getByRole('combobox', { name: en['device.config.preset'] }).click();
    await suite.page.getByRole('option', { name: 'Cold storage' }).click();
    expect(await period.inputValue()).toBe('30');
    expect(await suite.page.getByLabel('High temperature threshold (°C)', { exact: true }).inputValue()).toBe('8');
    await period.fill('10');
    await suite.page.getByRole('button', { name: en['device.config.send'], exact: true }).click();
    await suite.page
      .getByText(translate('parameter.integer_range', 'en', { min: '15', max: '1,440', unit: ' min' }))
      .waitFor();
    await period.fill('90');
    await suite.page.getByRole('button', { name: en['device.config.send'], exact: true }).click();
    await suite.page.getByText(en['device.config.sent']).waitFor();
    await suite.page.getByText('Waiting', { exact: true }).first().waitFor();
    await suite.page.getByText(en['device.config.pendingDownlink']).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/en-config.png`, fullPage: true });

    await openTab(en, en['device.tab.maintenance']);
    await suite.page.getByLabel(en['device.maintenance.comment'], { exact: true }).fill('Two AA cells replaced');
    await suite.page.getByRole('button', { name: en['device.maintenance.add'], exact: true }).click();
    await suite.page.getByRole('cell', { name: 'Two AA cells replaced' }).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/en-maintenance.png`, fullPage: true });

    await openTab(en, en['device.tab.outputs']);
    const valve = suite.page
      .getByRole('switch', { name: 'Inlet valve' })
      .or(suite.page.getByRole('checkbox', { name: 'Inlet valve' }));
    expect(await valve.isChecked()).toBe(false);
    await valve.click();
    await expect.poll(() => valve.isChecked()).toBe(true);
    await expect
      .poll(
        async () =>
          (await call<{ outputs: { value: boolean }[] }>(token, 'GET', `/devices/${uuid}/outputs`)).outputs[0]?.value,
      )
      .toBe(true);
    await suite.page.screenshot({ path: `${SHOTS}/en-outputs.png`, fullPage: true });

    await openTab(en, en['device.tab.alarms']);
    await suite.page.getByRole('button', { name: en['device.alarms.addRule'], exact: true }).click();
    const rule = suite.page.getByRole('group', { name: en['device.alarms.rule'].replace('{{number}}', '1') });
    await rule.getByRole('combobox', { name: en['device.alarms.signal'] }).click();
    await suite.page.getByRole('option', { name: 'Temperature (°C)' }).click();
    await rule.getByLabel(en['device.alarms.threshold'], { exact: true }).fill('8');
    await suite.page.getByRole('button', { name: en['device.save'], exact: true }).click();
    await suite.page.getByText(en['app.updated']).waitFor();
    const alarms = await call<{ rules: unknown[] }>(token, 'GET', `/devices/${uuid}/alarms`);
    expect(alarms.rules).toEqual([{ signal: 'temperature', condition: 'above', threshold: 8, hysteresis: 0 }]);
    await suite.page.screenshot({ path: `${SHOTS}/en-alarms.png`, fullPage: true });

    await openTab(en, en['device.tab.data']);
    await suite.page.getByRole('cell', { name: 'Relative humidity' }).waitFor();
    await suite.page.getByRole('combobox', { name: en['device.data.signals'] }).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/en-data.png`, fullPage: true });

    await openTab(en, en['device.tab.users']);
    await suite.page.getByRole('cell', { name: 'tecnico@example.com' }).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/en-users.png`, fullPage: true });

    await suite.page.getByRole('button', { name: en['device.advanced.title'] }).click();
    await suite.page.getByRole('menuitem', { name: en['device.advanced.wipe'] }).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/en-advanced.png` });
    await suite.page.keyboard.press('Escape');

    await suite.page.setViewportSize({ width: 390, height: 844 });
    await chooseSection(en, en['device.tab.overview']);
    await suite.page.screenshot({ path: `${SHOTS}/en-overview-phone.png`, fullPage: true });
    await suite.page.goto(`${suite.server.url}/devices/${uuid}?tab=alarms&lang=en`);
    await suite.page.getByRole('group', { name: en['device.alarms.rule'].replace('{{number}}', '1') }).waitFor();
    await settle();
    await suite.page.screenshot({ path: `${SHOTS}/en-alarms-phone.png`, fullPage: true });
  });

  it('shows a viewer of the business the device read-only, in Portuguese', async () => {
    const adminToken = await apiSignIn(suite.server.url, ADMIN.email, ADMIN.password);
    const north = await businessNamed(adminToken, 'North region');
    const uuid = await createDevice(adminToken, north, '5D6E7F8');
    const token = await apiSignIn(suite.server.url, 'tecnico@example.com', suite.server.demoPassword());
    await suite.reopenBrowser({ locale: 'pt-PT', viewport: { width: 1280, height: 1000 } });

    await suite.page.goto(`${suite.server.url}/devices/${uuid}?BearerToken=${token}&lang=pt`);
    await suite.page.getByRole('heading', { name: 'Cold room 7' }).waitFor();
    await suite.page.getByText(pt['device.noData']).first().waitFor();
    await acceptCookies(pt as typeof en);
    expect(await tab(pt['device.tab.calibration']).count()).toBe(0);
    expect(await suite.page.getByRole('button', { name: pt['device.advanced.title'] }).count()).toBe(0);
    await suite.page.screenshot({ path: `${SHOTS}/pt-overview.png`, fullPage: true });

    await openTab(pt as typeof en, pt['device.tab.info']);
    await suite.page.getByText(pt['device.readOnly']).waitFor();
    expect(await suite.page.getByLabel(pt['device.field.description'], { exact: true }).isDisabled()).toBe(true);
    expect(await suite.page.getByRole('button', { name: pt['device.save'], exact: true }).count()).toBe(0);
    expect(await suite.page.getByRole('button', { name: pt['device.info.delete'], exact: true }).count()).toBe(0);
    await suite.page.screenshot({ path: `${SHOTS}/pt-info.png`, fullPage: true });

    await openTab(pt as typeof en, pt['device.tab.config']);
    await suite.page.getByText(pt['device.readOnly']).waitFor();
    expect(await suite.page.getByRole('button', { name: pt['device.config.send'], exact: true }).count()).toBe(0);
    await suite.page.screenshot({ path: `${SHOTS}/pt-config.png`, fullPage: true });

    await suite.page.setViewportSize({ width: 390, height: 844 });
    await chooseSection(pt as typeof en, pt['device.tab.overview']);
    await settle();
    await suite.page.screenshot({ path: `${SHOTS}/pt-overview-phone.png`, fullPage: true });
    await chooseSection(pt as typeof en, pt['device.tab.info']);
    await settle();
    await suite.page.screenshot({ path: `${SHOTS}/pt-info-phone.png`, fullPage: true });
  });
});
