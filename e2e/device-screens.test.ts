import { describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import pt from '../packages/web/src/i18n/pt.json' with { type: 'json' };
import { apiOf } from './support/api.js';
import { SHOTS } from './support/browser.js';
import { ADMIN } from './support/server.js';
import { apiSignIn } from './support/session.js';
import { useDemoSuite } from './support/suite.js';

type Texts = typeof en;
const LANGUAGES = [
  ['en', en],
  ['pt', pt as Texts],
] as const;

const suite = useDemoSuite({ viewport: { width: 1280, height: 900 } });

const api = () => apiOf(suite.server.url);
const call = <T>(token: string, method: string, path: string, body?: unknown) =>
  api().call<T>(token, method, path, body);

/** IMEIs with their Luhn check digit, one per tracker a test makes. */
const IMEIS = ['867530900000025', '867530900000033', '867530900000041'];
let trackers = 0;
/** A tracker in Lisbon plant with a few minutes of speed, heading, battery and movement, posted as a device would. */
async function trackerWithReadings(token: string) {
  trackers += 1;
  const acme = await api().businessNamed(token, 'Acme Water');
  const lisbon = await api().businessNamed(token, 'Lisbon plant');
  const device = await call<{ uuid: string }>(token, 'POST', '/devices', {
    businessId: lisbon._id,
    deviceType: 'gps-tracker',
    description: `Chart van ${trackers}`,
    IMEI: IMEIS[trackers - 1],
  });
  const integration = await call<{ token: string }>(token, 'POST', `/customer-business/${acme._id}/integrations`, {
    network: 'http',
    name: `Chart trackers ${trackers}`,
  });
  const start = Date.now() - 20 * 60_000;
  for (let seq = 1; seq <= 12; seq++) {
    const response = await fetch(`${suite.server.url}/api/ingest/http`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-integration-token': integration.token },
      body: JSON.stringify({
        device: device.uuid,
        seq,
        ts: start + seq * 90_000,
        values: {
          speed: seq % 4 === 0 ? 0 : 30 + seq * 3,
          heading: (seq * 37) % 360,
          battery: 90 - seq,
          moving: seq % 4 !== 0,
        },
      }),
    });
    expect(response.status).toBe(200);
  }
  return device.uuid;
}

/**
 * Closes what opens once on a first visit: the Sigfox token warning (provider staff, the seeded tokens are over 90%)
 * and the cookie notice.
 */
async function closeFirstVisitNotices(texts: Texts) {
  const tokens = suite.page.getByRole('dialog', { name: texts['sigfoxTokens.title'] });
  await tokens.getByRole('button', { name: texts['app.close'] }).click();
  await suite.page.getByRole('button', { name: texts['cookies.accept'] }).click();
}

/** Every tab label whole and in view: none cut, none past the bar's edge, no scroll arrows; the row each is on. */
async function tabBarLayout() {
  return suite.page.getByRole('tablist').evaluate((list) => {
    const bar = list.getBoundingClientRect();
    const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')].map((tab) => {
      const box = tab.getBoundingClientRect();
      return {
        label: tab.textContent,
        whole: tab.scrollWidth <= tab.clientWidth,
        inside: box.left >= bar.left - 0.5 && box.right <= bar.right + 0.5 && box.right <= window.innerWidth,
        top: Math.round(box.top),
      };
    });
    const scroller = list.closest('.MuiTabs-root');
    return { tabs, scrollButtons: scroller?.querySelectorAll('.MuiTabs-scrollButtons').length ?? 0 };
  });
}

describe('the device screens', () => {
  it('show every device tab whole at 1280 px and above in both languages, and a menu of them on a phone', async () => {
    const token = await apiSignIn(suite.server.url, ADMIN.email, ADMIN.password);
    const uuid = await trackerWithReadings(token);
    await suite.page.goto(`${suite.server.url}/devices/${uuid}?tab=calibration&BearerToken=${token}&lang=en`);
    await closeFirstVisitNotices(en);
    for (const [lang, texts] of LANGUAGES) {
      await suite.page.goto(`${suite.server.url}/devices/${uuid}?tab=calibration&lang=${lang}`);
      await suite.page.getByRole('tab', { name: texts['device.tab.calibration'], selected: true }).waitFor();
      for (const width of [1280, 1440]) {
        await suite.page.setViewportSize({ width, height: 900 });
        await suite.page.screenshot({ path: `${SHOTS}/device-tabs-${lang}-${width}.png` });
        const layout = await tabBarLayout();
        // Provider staff see every tab there is, the widest bar: those that do not fit beside the side panel are in
        // the "More" menu, one click away.
        const more = suite.page.getByRole('button', { name: texts['device.moreTabs'] });
        let inMenu: string[] = [];
        if (await more.count()) {
          await more.click();
          inMenu = await suite.page.getByRole('menuitem').allTextContents();
          await suite.page.keyboard.press('Escape');
          await suite.page.getByRole('menu').waitFor({ state: 'hidden' });
        }
        const all = [...layout.tabs.map((tab) => tab.label), ...inMenu];
        expect(all).toContain(texts['device.tab.users']);
        expect(new Set(all).size).toBeGreaterThanOrEqual(9);
        expect(layout.tabs.length).toBeGreaterThanOrEqual(5);
        expect(layout.tabs.filter((tab) => !tab.whole || !tab.inside)).toEqual([]);
        expect(layout.scrollButtons).toBe(0);
        // One row: a second one pushed the screen's content down.
        expect(new Set(layout.tabs.map((tab) => tab.top)).size).toBe(1);
        // Nothing of the bar, the labels it measures included, makes the page scroll sideways.
        expect(await suite.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }

      await suite.page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => suite.page.getByRole('tablist').count()).toBe(0);
      const sections = suite.page.getByRole('combobox', { name: texts['device.tabs'] });
      await expect.poll(() => sections.textContent()).toBe(texts['device.tab.calibration']);
      await sections.click();
      await suite.page.getByRole('option', { name: texts['device.tab.users'], exact: true }).click();
      await expect.poll(() => sections.textContent()).toBe(texts['device.tab.users']);
      expect(suite.page.url()).toContain('tab=users');
      await suite.page.getByRole('tabpanel', { name: texts['device.tab.users'] }).waitFor();
      await suite.page.screenshot({ path: `${SHOTS}/device-tabs-${lang}-phone.png` });
      await suite.page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('charts at most two units together and each further unit and on/off signal below, over one time axis', async () => {
    const token = await apiSignIn(suite.server.url, ADMIN.email, ADMIN.password);
    const uuid = await trackerWithReadings(token);
    await suite.page.setViewportSize({ width: 1440, height: 900 });
    for (const [lang, texts] of LANGUAGES) {
      await suite.page.goto(`${suite.server.url}/devices/${uuid}?tab=data&BearerToken=${token}&lang=${lang}`);
      if (lang === 'en') await closeFirstVisitNotices(texts);
      const speed = lang === 'en' ? 'Speed' : 'Velocidade';
      const chart = suite.page.getByRole('img', { name: texts['device.data.chart'] });
      // Speed (km/h) and heading (°) share a chart; the battery (%) has its own below.
      await expect.poll(() => chart.getAttribute('data-charts')).toBe('2');
      const [first = '', second = ''] =
        ((await chart.getAttribute('aria-label')) ?? '').split(': ')[1]?.split('; ') ?? [];
      expect(first.split(', ')).toHaveLength(2);
      expect(first).toContain(speed);
      expect(second.split(', ')).toHaveLength(1);

      // An on/off signal is a band of its own.
      await suite.page.getByRole('combobox', { name: texts['device.data.signals'] }).click();
      const moving = suite.page.getByRole('option').nth(await optionIndex(lang === 'en' ? 'Moving' : 'Em movimento'));
      await moving.click();
      await suite.page.keyboard.press('Escape');
      await expect.poll(() => chart.getAttribute('data-charts')).toBe('3');
      await suite.page.waitForTimeout(500);
      await chart.screenshot({ path: `${SHOTS}/device-chart-${lang}.png` });
    }
  });
});

/** The place of the signal option whose text starts with `name` in the open signals menu. */
async function optionIndex(name: string) {
  const texts = await suite.page.getByRole('option').allTextContents();
  const index = texts.findIndex((text) => text.startsWith(name));
  expect(index, texts.join(' | ')).toBeGreaterThanOrEqual(0);
  return index;
}

describe('the device list', () => {
  it('asks a visitor without a session to sign in, with nothing else to do', async () => {
    for (const [lang, texts] of LANGUAGES) {
      await suite.page.goto(`${suite.server.url}/devices?lang=${lang}`);
      const signIn = suite.page.getByRole('link', { name: texts['menu.signIn'], exact: true }).last();
      await suite.page.getByText(texts['devices.signInPrompt'], { exact: true }).waitFor();
      expect(await suite.page.getByRole('button', { name: texts['devices.import.open'] }).count()).toBe(0);
      expect(await suite.page.getByRole('button', { name: texts['app.retry'] }).count()).toBe(0);
      expect(await suite.page.getByRole('searchbox', { name: texts['devices.search'] }).count()).toBe(0);
      await suite.page.screenshot({ path: `${SHOTS}/devices-signed-out-${lang}.png` });
      await signIn.click();
      await suite.page.waitForURL(
        (url) => url.pathname === '/login' && url.searchParams.get('redirect')?.startsWith('/devices?') === true,
      );
    }
  });

  it('keeps the filters behind a Filters button on a phone, saying how many apply', async () => {
    const token = await apiSignIn(suite.server.url, ADMIN.email, ADMIN.password);
    await suite.page.setViewportSize({ width: 390, height: 844 });
    for (const [lang, texts] of LANGUAGES) {
      await suite.page.goto(`${suite.server.url}/devices?BearerToken=${token}&lang=${lang}`);
      if (lang === 'en') await closeFirstVisitNotices(texts);
      const filters = suite.page.getByRole('button', { name: texts['devices.filters'], exact: true });
      await filters.waitFor();
      // The devices come first: no filter field stands before them until asked for.
      const firstDevice = suite.page.locator('main a[href^="/devices/"]').first();
      await firstDevice.waitFor();
      expect((await firstDevice.boundingBox())?.y).toBeLessThan(844);
      expect(await suite.page.getByRole('combobox', { name: texts['devices.filter.type'] }).count()).toBe(0);
      await suite.page.screenshot({ path: `${SHOTS}/devices-phone-${lang}.png` });

      await filters.click();
      await suite.page.getByRole('combobox', { name: texts['devices.filter.type'] }).click();
      await suite.page.getByRole('option').first().click();
      await suite.page.keyboard.press('Escape');
      await suite.page.getByRole('combobox', { name: texts['devices.filter.lastSeen'] }).click();
      await suite.page.getByRole('option', { name: texts['devices.filter.seen.24h'] }).click();
      const counted = suite.page.getByRole('button', {
        name: texts['devices.filtersActive'].replace('{{total}}', '2'),
        exact: true,
      });
      await counted.waitFor();
      expect(await counted.getAttribute('aria-expanded')).toBe('true');
      await suite.page.screenshot({ path: `${SHOTS}/devices-phone-filters-${lang}.png` });
      await counted.click();
      await expect.poll(() => suite.page.getByRole('combobox', { name: texts['devices.filter.type'] }).count()).toBe(0);
      // A reload keeps the filters (they are in the address) and the count with them.
      await suite.page.reload();
      await counted.waitFor();
    }
  });
});
