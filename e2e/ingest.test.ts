import { describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import pt from '../packages/web/src/i18n/pt.json' with { type: 'json' };
import { apiOf } from './support/api.js';
import { SHOTS } from './support/browser.js';
import { apiSignIn } from './support/session.js';
import { useDemoSuite } from './support/suite.js';

/** The demo admin: admin of Acme Water and its subtree, not provider staff. */
const OPERATOR = 'operator@example.com';

const suite = useDemoSuite({ viewport: { width: 1280, height: 1200 } });

const api = () => apiOf(suite.server.url);
const call = <T>(token: string, method: string, path: string, body?: unknown) =>
  api().call<T>(token, method, path, body);
const businessNamed = (token: string, description: string) => api().businessNamed(token, description);

/** What a Wi-Fi or cellular device posts through the platform's HTTP integration. */
async function postReading(integrationToken: string, message: Record<string, unknown>) {
  const response = await fetch(`${suite.server.url}/api/ingest/http`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-integration-token': integrationToken },
    body: JSON.stringify(message),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { stored: number; duplicates: number };
}

/** Lets tab indicators and dialogs finish their transitions before a screenshot. */
const settle = () => suite.page.waitForTimeout(500);

const tab = (name: string) => suite.page.getByRole('tab', { name, exact: true });
const latestTable = (texts: typeof en) => suite.page.getByRole('table', { name: texts['device.data.latest'] });
const readingsTable = (texts: typeof en) => suite.page.getByRole('table', { name: texts['device.data.readings'] });
/** The track's count of the positions in the period. */
const positionCount = (texts: typeof en, count: number) =>
  suite.page.getByText(
    texts[count === 1 ? 'device.position.count_one' : 'device.position.count_other'].replace(
      '{{count}}',
      String(count),
    ),
  );

describe('telemetry ingest', () => {
  it('shows readings posted through an HTTP integration, live, and the commissioning that started', async () => {
    const token = await apiSignIn(suite.server.url, OPERATOR, suite.server.demoPassword());
    const acme = await businessNamed(token, 'Acme Water');
    const lisbon = await businessNamed(token, 'Lisbon plant');
    // A tracker never heard from, so its first reading starts its commissioning.
    const device = await call<{ uuid: string }>(token, 'POST', '/devices', {
      businessId: lisbon._id,
      deviceType: 'gps-tracker',
      description: 'E2E van',
      IMEI: '867530900000017',
    });
    const created = await call<{ integration: { tokenHint: string }; token: string }>(
      token,
      'POST',
      `/customer-business/${acme._id}/integrations`,
      { network: 'http', name: 'E2E trackers' },
    );
    expect(created.token.startsWith(created.integration.tokenHint)).toBe(true);

    const now = Date.now();
    expect(
      await postReading(created.token, {
        device: device.uuid,
        seq: 1,
        ts: now - 120_000,
        values: { speed: 57.5, position: { lat: 38.7076, lon: -9.1365 } },
      }),
    ).toEqual({ stored: 1, duplicates: 0 });

    await suite.page.goto(`${suite.server.url}/devices/${device.uuid}?tab=data&BearerToken=${token}&lang=en`);
    await suite.page.getByRole('button', { name: en['cookies.accept'] }).click();
    await readingsTable(en).getByRole('cell', { name: '57.5 km/h' }).waitFor();
    await latestTable(en).getByRole('cell', { name: '57.5 km/h' }).waitFor();
    await suite.page.getByRole('img', { name: en['device.data.chart'] }).waitFor();
    await positionCount(en, 1).waitFor();

    // Live: the page is not reloaded, the stream brings the new value and the track's next position.
    await postReading(created.token, {
      device: device.uuid,
      seq: 2,
      ts: now - 60_000,
      values: { speed: 61.25, position: { lat: 38.7139, lon: -9.1394 } },
    });
    await latestTable(en).getByRole('cell', { name: '61.25 km/h' }).waitFor();
    await readingsTable(en).getByRole('cell', { name: '61.25 km/h' }).waitFor();
    await positionCount(en, 2).waitFor();
    await suite.page.getByRole('region', { name: en['device.position.track'] }).locator('canvas').waitFor();
    await settle();
    await suite.page.screenshot({ path: `${SHOTS}/ingest-en-data.png`, fullPage: true });

    await tab(en['device.tab.overview']).click();
    await suite.page.getByRole('region', { name: en['device.position.last'] }).locator('canvas').waitFor();
    await settle();
    await suite.page.screenshot({ path: `${SHOTS}/ingest-en-overview.png`, fullPage: true });

    await tab(en['device.tab.commissioning']).click();
    await suite.page.getByRole('cell', { name: en['device.commissioning.event.COMMISSIONING_START'] }).waitFor();
    await suite.page.getByRole('button', { name: en['device.mqtt.generate'] }).waitFor();
    await settle();
    await suite.page.screenshot({ path: `${SHOTS}/ingest-en-commissioning.png`, fullPage: true });

    await suite.page.goto(`${suite.server.url}/devices/${device.uuid}?tab=data&lang=pt`);
    await readingsTable(pt).getByRole('cell', { name: '61,25 km/h' }).waitFor();
    await suite.page.getByRole('img', { name: pt['device.data.chart'] }).waitFor();
    await positionCount(pt, 2).waitFor();
    await settle();
    await suite.page.screenshot({ path: `${SHOTS}/ingest-pt-data.png`, fullPage: true });
    await tab(pt['device.tab.commissioning']).click();
    await suite.page.getByRole('cell', { name: pt['device.commissioning.event.COMMISSIONING_START'] }).waitFor();
    await settle();
    await suite.page.screenshot({ path: `${SHOTS}/ingest-pt-commissioning.png`, fullPage: true });
  });

  it("shows beside each LoRa message what its network told of it, a simulated one marked, and the device's join", async () => {
    const token = await apiSignIn(suite.server.url, OPERATOR, suite.server.demoPassword());
    const acme = await businessNamed(token, 'Acme Water');
    const lisbon = await businessNamed(token, 'Lisbon plant');
    const device = await call<{ uuid: string }>(token, 'POST', '/devices', {
      businessId: lisbon._id,
      deviceType: 'cayenne-lpp',
      description: 'E2E LoRa node',
      loraEUI: '0E0E0E0E0E0E0E01',
    });
    const integration = async (network: string) =>
      (
        await call<{ token: string }>(token, 'POST', `/customer-business/${acme._id}/integrations`, {
          network,
          name: `E2E ${network}`,
        })
      ).token;
    const post = async (path: string, integrationToken: string, body: unknown) => {
      const response = await fetch(`${suite.server.url}/api/ingest/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-integration-token': integrationToken },
        body: JSON.stringify(body),
      });
      expect(response.status, await response.clone().text()).toBe(204);
    };
    const chirpstack = await integration('chirpstack');
    const deviceInfo = { applicationName: 'E2E', deviceName: 'E2E LoRa node', devEui: '0e0e0e0e0e0e0e01' };
    const time = new Date(Date.now() - 60_000).toISOString();
    await post('lora/chirpstack?event=join', chirpstack, {
      deduplicationId: 'a1',
      time,
      deviceInfo,
      devAddr: '01020304',
    });
    await post('lora/chirpstack?event=up', chirpstack, {
      deduplicationId: 'b2',
      time,
      deviceInfo,
      fCnt: 1,
      fPort: 1,
      data: 'A2cBEAVnAP8=',
      rxInfo: [
        { gatewayId: '0016c001f153a14c', rssi: -87, snr: 7.5 },
        { gatewayId: '0016c001f153a14d', rssi: -101, snr: -2 },
      ],
      txInfo: { frequency: 868100000, modulation: { lora: { bandwidth: 125000, spreadingFactor: 9 } } },
    });
    const ttn = await integration('ttn');
    await post('lora/ttn', ttn, {
      end_device_ids: {
        device_id: 'eui-0e0e0e0e0e0e0e01',
        application_ids: { application_id: 'e2e' },
        dev_eui: '0E0E0E0E0E0E0E01',
      },
      received_at: new Date().toISOString(),
      uplink_message: { f_port: 1, f_cnt: 2, frm_payload: 'A2cBLAVnAP8=', received_at: new Date().toISOString() },
      simulated: true,
    });

    await suite.page.goto(`${suite.server.url}/devices/${device.uuid}?tab=data&BearerToken=${token}&lang=en`);
    const messages = suite.page.getByRole('table', { name: en['device.data.messages'] });
    await messages.getByRole('cell', { name: 'SF9BW125' }).waitFor();
    await messages.getByRole('cell', { name: '-87', exact: true }).waitFor();
    await messages.getByRole('cell', { name: '7.5', exact: true }).waitFor();
    await messages.getByText(en['device.data.simulated'], { exact: true }).waitFor();
    // The simulated value (30 °C) is no reading: the latest stays the device's own.
    await latestTable(en).getByRole('cell', { name: '27.2 °C' }).waitFor();
    expect(await latestTable(en).getByRole('cell', { name: '30 °C' }).count()).toBe(0);
    await settle();
    await suite.page.screenshot({ path: `${SHOTS}/ingest-en-messages.png`, fullPage: true });
    await tab(en['device.tab.commissioning']).click();
    await suite.page.getByRole('cell', { name: en['device.commissioning.event.JOINED'] }).waitFor();

    await suite.page.goto(`${suite.server.url}/devices/${device.uuid}?tab=data&lang=pt`);
    await suite.page
      .getByRole('table', { name: pt['device.data.messages'] })
      .getByText(pt['device.data.simulated'], { exact: true })
      .waitFor();
  });

  it('lets a business admin create an integration and see its token once', async () => {
    const token = await apiSignIn(suite.server.url, OPERATOR, suite.server.demoPassword());
    const acme = await businessNamed(token, 'Acme Water');
    await suite.page.goto(
      `${suite.server.url}/businesses/${acme._id}/${acme.slug}/config?tab=devices&BearerToken=${token}&lang=en`,
    );
    await suite.page.getByRole('button', { name: en['cookies.accept'] }).click();
    await suite.page.getByRole('button', { name: en['integrations.add'] }).click();
    const dialog = suite.page.getByRole('dialog', { name: en['integrations.createTitle'] });
    await dialog.getByLabel(en['integrations.name']).fill('Sigfox backend');
    await dialog.getByRole('button', { name: en['integrations.create'] }).click();
    const shown = suite.page.getByRole('dialog', { name: en['integrations.createdTitle'] });
    const url = await shown.getByRole('textbox', { name: en['integrations.callbackUrl'] }).inputValue();
    const secret = await shown.getByRole('textbox', { name: en['integrations.token'] }).inputValue();
    expect(url).toBe(`${suite.server.url}/api/ingest/sigfox?token=${secret}`);
    await settle();
    await suite.page.screenshot({ path: `${SHOTS}/ingest-en-integration-created.png` });
    await shown.getByRole('button', { name: en['app.close'] }).click();
    await suite.page.getByRole('cell', { name: 'Sigfox backend', exact: true }).waitFor();
    await settle();
    await suite.page.screenshot({ path: `${SHOTS}/ingest-en-integrations.png`, fullPage: true });
  });

  it("shows each integration's health in the devices tab: its last call, its counts over 24 hours and its last error", async () => {
    const token = await apiSignIn(suite.server.url, OPERATOR, suite.server.demoPassword());
    const acme = await businessNamed(token, 'Acme Water');
    const created = await call<{ token: string }>(token, 'POST', `/customer-business/${acme._id}/integrations`, {
      network: 'http',
      name: 'E2E health',
    });
    const unknown = await fetch(`${suite.server.url}/api/ingest/http`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-integration-token': created.token },
      body: JSON.stringify({ device: '00000000-0000-4000-8000-000000000000', seq: 1, values: { battery: 80 } }),
    });
    expect(unknown.status).toBe(404);
    for (const [texts, lang] of [
      [en, 'en'],
      [pt, 'pt'],
    ] as const) {
      await suite.page.goto(
        `${suite.server.url}/businesses/${acme._id}/${acme.slug}/config?tab=devices&BearerToken=${token}&lang=${lang}`,
      );
      const row = suite.page.getByRole('row').filter({ hasText: 'E2E health' });
      const counts = texts['integrations.health.counts']
        .replace('{{stored}}', '0')
        .replace('{{duplicates}}', '0')
        .replace('{{refused}}', '0')
        .replace('{{unknownDevices}}', '1');
      await row.getByText(counts, { exact: true }).waitFor();
      await row.getByText(texts['integrations.health.lastCall'].replace('{{date}}', ''), { exact: false }).waitFor();
      await row
        .getByText(texts['integrations.health.lastError'].split('{{date}}')[0] ?? '', { exact: false })
        .waitFor();
      await settle();
      await suite.page.screenshot({ path: `${SHOTS}/ingest-${lang}-integration-health.png`, fullPage: true });
    }
  });
});
