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
});
