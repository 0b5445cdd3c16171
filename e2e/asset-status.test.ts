import { describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import pt from '../packages/web/src/i18n/pt.json' with { type: 'json' };
import { apiOf } from './support/api.js';
import { SHOTS } from './support/browser.js';
import { apiSignIn } from './support/session.js';
import { useDemoSuite } from './support/suite.js';

const suite = useDemoSuite({ viewport: { width: 1440, height: 900 } });

const api = () => apiOf(suite.server.url);

/** The cookie notice would cover the bottom of the screenshots. */
const acceptCookies = (texts: typeof en) => suite.page.getByRole('button', { name: texts['cookies.accept'] }).click();

/** Lets the layout follow a new viewport size before a screenshot. */
const settle = () => suite.page.waitForTimeout(500);

/** The demo's Porto plant and the token of a user of the demo, for `BearerToken` links. */
async function demoSession(email: string) {
  const token = await apiSignIn(suite.server.url, email, suite.server.demoPassword());
  return { token, porto: await api().businessNamed(token, 'Porto plant') };
}

describe('the asset screens', () => {
  it("lists the assets, opens one's status and goes between it and its device, in English", async () => {
    const { token, porto } = await demoSession('operator@example.com');
    const page = suite.page;
    await page.goto(
      `${suite.server.url}/businesses/${porto._id}/${porto.slug}/device-asset?BearerToken=${token}&lang=en`,
    );
    await acceptCookies(en);
    await page.getByRole('heading', { name: en['assetStatus.titleOf'].replace('{{name}}', 'Porto plant') }).waitFor();
    const dairy = page.getByRole('row', { name: 'Dairy cold room' });
    await dairy.getByRole('link', { name: 'Cold room 1' }).waitFor();
    expect(await dairy.getByText('Cold room', { exact: true }).count()).toBe(1);
    // The device's latest values, as the device list words them.
    await dairy.getByText('Temperature', { exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/asset-status-en-list.png` });

    // Orphans only: the cold room without a device stays, the linked ones go.
    await page.getByRole('switch', { name: en['assetStatus.filter.orphan'] }).click();
    await page.getByRole('row', { name: 'Vegetable cold room' }).waitFor();
    await dairy.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('orphan')).toBe('true');
    await page.getByRole('switch', { name: en['assetStatus.filter.orphan'] }).click();

    await dairy.getByRole('link', { name: 'Dairy cold room' }).click();
    await page.getByRole('heading', { name: 'Dairy cold room', level: 1 }).waitFor();
    await page.getByText('Target temperature (°C) *').waitFor();
    await page.getByText('Dairy', { exact: true }).waitFor();
    const history = page.getByRole('table', { name: en['assetStatus.history'] });
    await history.getByRole('link', { name: 'Cold room 1' }).waitFor();
    await history.getByText(en['assetStatus.linkedNow']).waitFor();
    await page.getByRole('region', { name: en['assetStatus.alarms'] }).waitFor();
    await page.screenshot({ path: `${SHOTS}/asset-status-en-status.png`, fullPage: true });

    // The device screen names its asset and opens it.
    await page.getByRole('link', { name: 'Cold room 1' }).first().click();
    await page.getByRole('heading', { name: 'Cold room 1', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Dairy cold room' }).first().click();
    await page.getByRole('heading', { name: 'Dairy cold room', level: 1 }).waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await settle();
    await page.screenshot({ path: `${SHOTS}/asset-status-en-status-phone.png`, fullPage: true });
    await page.goto(`${suite.server.url}/device-asset?lang=en`);
    await page.getByRole('listitem', { name: 'Dairy cold room' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/asset-status-en-list-phone.png` });
  });

  it('unlinks a device from its asset on the info tab and links it back, in Portuguese', async () => {
    const { token, porto } = await demoSession('tecnico@example.com');
    const [device] = (
      await api().call<{ items: { uuid: string; description: string }[] }>(token, 'POST', '/devices/filter', {
        businessId: porto._id,
        search: 'Cold room 2',
      })
    ).items;
    expect(device?.description).toBe('Cold room 2');
    await suite.reopenBrowser({ locale: 'pt-PT', viewport: { width: 1440, height: 900 } });
    const page = suite.page;
    await page.goto(
      `${suite.server.url}/businesses/${porto._id}/${porto.slug}/devices/${device?.uuid}?tab=info&BearerToken=${token}&lang=pt`,
    );
    await acceptCookies(pt as typeof en);
    const section = page.getByRole('region', { name: pt['device.field.asset'] });
    await section.getByRole('link', { name: 'Meat cold room' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/asset-status-pt-info.png`, fullPage: true });

    await section.getByRole('button', { name: pt['device.asset.unlink'] }).click();
    await page.getByRole('dialog').getByRole('button', { name: pt['device.asset.unlink'] }).click();
    await section.getByText(pt['device.asset.none']).waitFor();

    await section.getByRole('combobox', { name: pt['device.asset.choose'] }).click();
    await page.getByRole('option', { name: /Meat cold room/ }).click();
    await section.getByRole('button', { name: pt['device.asset.link'] }).click();
    await section.getByRole('link', { name: 'Meat cold room' }).waitFor();

    await section.getByRole('link', { name: 'Meat cold room' }).click();
    await page.getByRole('heading', { name: 'Meat cold room', level: 1 }).waitFor();
    const history = page.getByRole('table', { name: pt['assetStatus.history'] });
    // Linked, unlinked and linked again: two periods with Cold room 2, the first one closed.
    await expect.poll(() => history.getByRole('link', { name: 'Cold room 2' }).count()).toBe(2);
    await history.getByText(pt['assetStatus.linkedNow']).waitFor();
    await page.getByText(pt['assetStatus.column.type']).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/asset-status-pt-status.png`, fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await settle();
    await page.screenshot({ path: `${SHOTS}/asset-status-pt-status-phone.png`, fullPage: true });
    await page.goto(`${suite.server.url}/businesses/${porto._id}/${porto.slug}/device-asset?lang=pt`);
    await page.getByRole('listitem', { name: 'Meat cold room' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/asset-status-pt-list-phone.png` });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('row', { name: 'Meat cold room' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/asset-status-pt-list.png` });
  });
});
