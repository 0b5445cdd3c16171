import { mkdir } from 'node:fs/promises';
import type { Overview } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import pt from '../packages/web/src/i18n/pt.json' with { type: 'json' };
import { apiOf } from './support/api.js';
import { SHOTS } from './support/browser.js';
import { apiSignIn } from './support/session.js';
import { useDemoSuite } from './support/suite.js';

/** The demo admin: admin of Acme Water and its subtree, not provider staff. */
const OPERATOR = 'operator@example.com';

const suite = useDemoSuite({ viewport: { width: 1440, height: 900 } });

/** A figure's tile: a link named by its label and count. */
const tile = (label: string, count: number) =>
  suite.page.getByRole('link', { name: `${label}: ${count}`, exact: true });

describe('overview', () => {
  it("shows the caller's figures, each a link to its filtered list", async () => {
    await mkdir(SHOTS, { recursive: true });
    const token = await apiSignIn(suite.server.url, OPERATOR, suite.server.demoPassword());
    const api = apiOf(suite.server.url);
    const lisbon = await api.businessNamed(token, 'Lisbon plant');
    // A device just added has never been heard from: the figure has at least one to count.
    await api.call(token, 'POST', '/devices', {
      businessId: lisbon._id,
      deviceType: 'gps-tracker',
      description: 'E2E silent van',
      IMEI: '867530900000207',
    });
    // A truck over its speed rule raises an active alarm, the newest of the latest ones.
    const unreadBefore = (await api.call<Overview>(token, 'GET', '/overview')).notifications.unread;
    const truck = await api.call<{ uuid: string }>(token, 'POST', '/devices', {
      businessId: lisbon._id,
      deviceType: 'gps-tracker',
      description: 'E2E speeding truck',
      IMEI: '867530900000215',
    });
    const config = await api.call<{ version: number }>(token, 'GET', `/devices/${truck.uuid}/alarms`);
    await api.call(token, 'PATCH', `/devices/${truck.uuid}/alarms`, {
      version: config.version,
      rules: [{ signal: 'speed', condition: 'above', threshold: 80, hysteresis: 5 }],
    });
    const integration = await api.call<{ token: string }>(
      token,
      'POST',
      `/customer-business/${lisbon._id}/integrations`,
      {
        network: 'http',
        name: 'E2E overview',
      },
    );
    const posted = await fetch(`${suite.server.url}/api/ingest/http`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-integration-token': integration.token },
      body: JSON.stringify({ device: truck.uuid, seq: 1, ts: Date.now() - 1_000, values: { speed: 97 } }),
    });
    expect(posted.status).toBe(200);
    // The alarm raised, and its notification to the operator stored, the figures stay put while the page reads them.
    await expect
      .poll(
        async () => {
          const { alarms, notifications } = await api.call<Overview>(token, 'GET', '/overview');
          return alarms.active > 0 && notifications.unread > unreadBefore;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const figures = await api.call<Overview>(token, 'GET', '/overview');
    expect(figures.devices.neverHeard).toBeGreaterThan(0);

    await suite.page.goto(`${suite.server.url}/?BearerToken=${token}&lang=en`);
    await tile(en['overview.activeAlarms'], figures.alarms.active).waitFor();
    await suite.page.getByRole('button', { name: en['cookies.accept'] }).click();
    await tile(en['overview.latchedAlarms'], figures.alarms.latched).waitFor();
    await tile(en['overview.snoozedAlarms'], figures.alarms.snoozed).waitFor();
    await tile(en['overview.silentDevices'].replace('{{hours}}', '24'), figures.devices.silent).waitFor();
    await tile(en['overview.unreadNotifications'], figures.notifications.unread).waitFor();
    await suite.page.getByRole('heading', { name: en['businesses.listTitle'] }).waitFor();
    const latest = suite.page.getByRole('region', { name: en['overview.latestAlarms'] });
    await latest.getByRole('link', { name: 'E2E speeding truck' }).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/overview-en-desktop.png`, fullPage: true });

    // The never-heard figure opens the device list filtered to those devices, counting as many.
    await tile(en['overview.neverHeardDevices'], figures.devices.neverHeard).click();
    await suite.page.waitForURL((url) => url.pathname === '/devices' && url.searchParams.get('seen') === 'never');
    await suite.page
      .getByText(en['devices.count'].replace('{{total}}', String(figures.devices.neverHeard)), { exact: true })
      .waitFor();
    await suite.page.getByText('E2E silent van').first().waitFor();

    // The active figure opens the alarm list showing active alarms alone.
    await suite.page.goBack();
    await tile(en['overview.activeAlarms'], figures.alarms.active).click();
    await suite.page.waitForURL((url) => url.pathname === '/alarms' && url.searchParams.get('status') === 'active');
    await suite.page.getByRole('main').getByText('E2E speeding truck').first().waitFor();

    // Unread notifications open the notification dialog.
    await suite.page.goBack();
    await tile(en['overview.unreadNotifications'], figures.notifications.unread).click();
    await suite.page.getByRole('dialog').waitFor();

    // In Portuguese on a phone: the tiles two by two, the latest alarms below them.
    await suite.page.setViewportSize({ width: 390, height: 844 });
    await suite.page.goto(`${suite.server.url}/?lang=pt`);
    await tile(pt['overview.neverHeardDevices'], figures.devices.neverHeard).waitFor();
    await suite.page
      .getByRole('region', { name: pt['overview.latestAlarms'] })
      .getByText('E2E speeding truck')
      .waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/overview-pt-phone.png`, fullPage: true });
  });
});
