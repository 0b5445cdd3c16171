import { describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import pt from '../packages/web/src/i18n/pt.json' with { type: 'json' };
import { apiOf } from './support/api.js';
import { SHOTS } from './support/browser.js';
import { ADMIN } from './support/server.js';
import { apiSignIn } from './support/session.js';
import { useDemoSuite } from './support/suite.js';

/** The demo admin: admin of Acme Water and its subtree, not provider staff. */
const OPERATOR = 'operator@example.com';

const suite = useDemoSuite({ viewport: { width: 1280, height: 1000 } });

const api = () => apiOf(suite.server.url);
const call = <T>(token: string, method: string, path: string, body?: unknown) =>
  api().call<T>(token, method, path, body);

/** What a Wi-Fi or cellular device posts through the platform's HTTP integration. */
async function postReading(integrationToken: string, message: Record<string, unknown>) {
  const response = await fetch(`${suite.server.url}/api/ingest/http`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-integration-token': integrationToken },
    body: JSON.stringify(message),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Lets dialogs and snackbars finish their transitions before a screenshot. */
const settle = () => suite.page.waitForTimeout(500);

/** A tracker of Lisbon plant with a speed rule: an alarm when it goes above 80 km/h. */
async function speedingTracker(token: string, businessId: string, description: string, imei: string) {
  const device = await call<{ uuid: string }>(token, 'POST', '/devices', {
    businessId,
    deviceType: 'gps-tracker',
    description,
    IMEI: imei,
  });
  const config = await call<{ version: number }>(token, 'GET', `/devices/${device.uuid}/alarms`);
  await call(token, 'PATCH', `/devices/${device.uuid}/alarms`, {
    version: config.version,
    rules: [{ signal: 'speed', condition: 'above', threshold: 80, hysteresis: 5 }],
  });
  return device;
}

/** An alarm's accessible name as a pattern, of any number unless told: a tenant's alarms are numbered across its devices. */
const rowName = (device: string, number?: number) =>
  en['alarms.rowName']
    .replace('{{number}}', number === undefined ? '\\d+' : String(number))
    .replace('{{device}}', device);
const row = (device: string, number?: number) =>
  suite.page.getByRole('row', { name: new RegExp(`^${rowName(device, number)}$`) });
const rowButton = (kind: 'acknowledge' | 'snooze' | 'comment' | 'history', device: string) =>
  suite.page.getByRole('button', { name: new RegExp(`^${en[`alarms.${kind}`]} ${rowName(device)}$`) });

/** Posts a speeding reading of each device through an integration of its tenant, and waits for their alarms. */
async function raiseSpeedAlarms(token: string, byTenant: [string, { uuid: string }[]][]) {
  const alarms: Record<string, { number: number; sequenceId: number }> = {};
  for (const [tenantId, devices] of byTenant) {
    const { token: integrationToken } = await call<{ token: string }>(
      token,
      'POST',
      `/customer-business/${tenantId}/integrations`,
      { network: 'http', name: `E2E speed ${tenantId}` },
    );
    for (const device of devices) {
      await postReading(integrationToken, {
        device: device.uuid,
        seq: 1,
        ts: Date.now() - 1_000,
        values: { speed: 99 },
      });
    }
  }
  for (const device of byTenant.flatMap(([, devices]) => devices)) {
    await expect
      .poll(async () => (await call<{ data: unknown[] }>(token, 'GET', `/alarms?deviceUUID=${device.uuid}`)).data, {
        timeout: 20_000,
      })
      .toHaveLength(1);
    const page = await call<{ data: { number: number; sequenceId: number }[] }>(
      token,
      'GET',
      `/alarms?deviceUUID=${device.uuid}`,
    );
    alarms[device.uuid] = page.data[0] as { number: number; sequenceId: number };
  }
  return alarms;
}

describe('alarms', () => {
  it('tells of a new alarm live, and lets a user acknowledge, snooze and comment alarms with their history', async () => {
    const token = await apiSignIn(suite.server.url, OPERATOR, suite.server.demoPassword());
    const acme = await api().businessNamed(token, 'Acme Water');
    const lisbon = await api().businessNamed(token, 'Lisbon plant');
    const truckA = await speedingTracker(token, lisbon._id, 'E2E truck A', '867530900000108');
    const truckB = await speedingTracker(token, lisbon._id, 'E2E truck B', '867530900000116');
    const { token: integrationToken } = await call<{ token: string }>(
      token,
      'POST',
      `/customer-business/${acme._id}/integrations`,
      { network: 'http', name: 'E2E alarms' },
    );

    await suite.page.goto(`${suite.server.url}/alarms?BearerToken=${token}&lang=en`);
    await suite.page.getByRole('button', { name: en['cookies.accept'] }).click();
    await suite.page.getByRole('table', { name: en['alarms.table'] }).getByText(en['alarms.noneOpen']).waitFor();

    // Both trucks go beyond the threshold: the snackbar tells at once, without a reload.
    const now = Date.now();
    await postReading(integrationToken, { device: truckA.uuid, seq: 1, ts: now - 2_000, values: { speed: 95 } });
    const snackbar = suite.page.getByRole('alert', { name: en['alarms.snackbar.label'] });
    await snackbar.getByText('E2E truck A', { exact: false }).waitFor({ timeout: 20_000 });
    await postReading(integrationToken, { device: truckB.uuid, seq: 1, ts: now - 1_000, values: { speed: 102 } });
    await settle();
    await suite.page.screenshot({ path: `${SHOTS}/alarms-en-snackbar.png` });
    expect(await snackbar.getByRole('button', { name: en['alarms.snackbar.open'] }).count()).toBe(1);

    // The list follows the live events too.
    await row('E2E truck A').waitFor({ timeout: 20_000 });
    await row('E2E truck B').waitFor({ timeout: 20_000 });
    expect(await row('E2E truck A').getByText(en['alarms.status.active']).count()).toBe(1);
    // Out of the way of the rows: the waiting alert of truck B comes after truck A's.
    await snackbar.getByRole('button', { name: en['app.close'] }).click();
    await snackbar.getByText('E2E truck B', { exact: false }).waitFor({ timeout: 10_000 });
    await snackbar.getByRole('button', { name: en['app.close'] }).click();
    await snackbar.waitFor({ state: 'detached' });

    // Acknowledge truck A's alarm with a comment: it leaves the list of open alarms.
    await rowButton('acknowledge', 'E2E truck A').click();
    const acknowledge = suite.page.getByRole('dialog', { name: en['alarms.acknowledgeTitle'] });
    await acknowledge.getByLabel(en['alarms.commentOptional']).fill('Driver called, slowing down');
    await acknowledge.getByRole('button', { name: en['alarms.acknowledge'], exact: true }).click();
    await suite.page.getByText(en['alarms.done.acknowledge']).waitFor();
    await row('E2E truck A').waitFor({ state: 'detached' });

    // Snooze truck B's for 4 hours.
    await rowButton('snooze', 'E2E truck B').click();
    const snooze = suite.page.getByRole('dialog', { name: en['alarms.snoozeTitle'] });
    await snooze.getByRole('combobox', { name: en['alarms.snoozeFor'] }).click();
    await suite.page.getByRole('option', { name: '4 hours', exact: true }).click();
    await snooze.getByRole('button', { name: en['alarms.snooze'], exact: true }).click();
    await suite.page.getByText(en['alarms.done.snooze']).waitFor();
    await row('E2E truck B').getByText(en['alarms.status.snoozed']).waitFor();

    // A comment is required to comment.
    await rowButton('comment', 'E2E truck B').click();
    const comment = suite.page.getByRole('dialog', { name: en['alarms.commentTitle'] });
    await comment.getByRole('button', { name: en['alarms.comment'], exact: true }).click();
    await comment.getByText('Required', { exact: true }).waitFor();
    await comment.getByRole('textbox', { name: en['alarms.comment'] }).fill('Checking the tachograph');
    await comment.getByRole('button', { name: en['alarms.comment'], exact: true }).click();
    await suite.page.getByText(en['alarms.done.comment']).waitFor();
    await settle();
    await suite.page.screenshot({ path: `${SHOTS}/alarms-en-list.png`, fullPage: true });

    // The history tells what happened, who did it and what they said.
    await rowButton('history', 'E2E truck B').click();
    const history = suite.page.getByRole('dialog', { name: /E2E truck B/ });
    const entries = history.getByRole('list', { name: en['alarms.history'] });
    await entries.getByText('Checking the tachograph').waitFor();
    const texts = await entries.getByRole('listitem').allInnerTexts();
    expect(texts.map((text) => text.split('\n')[0])).toEqual([
      en['alarms.transition.firstActivation'],
      en['alarms.transition.snoozedByUser'],
      en['alarms.transition.neutralComment'],
    ]);
    await settle();
    await suite.page.screenshot({ path: `${SHOTS}/alarms-en-history.png` });
    await history.getByRole('button', { name: en['app.close'] }).click();

    // Acknowledged alarms are one click away in the status filter.
    await suite.page.getByRole('button', { name: en['alarms.status.acknowledged'], exact: true }).click();
    await row('E2E truck A').getByText(en['alarms.status.acknowledged']).waitFor();
    await rowButton('history', 'E2E truck A').click();
    const historyA = suite.page.getByRole('dialog', { name: /E2E truck A/ });
    await historyA.getByText('Driver called, slowing down').waitFor();
    const entriesA = await historyA
      .getByRole('list', { name: en['alarms.history'] })
      .getByRole('listitem')
      .allInnerTexts();
    expect(entriesA.map((text) => text.split('\n')[0])).toEqual([
      en['alarms.transition.firstActivation'],
      en['alarms.transition.acknowledgedByUser'],
    ]);
    // An acknowledged alarm can only be commented.
    await historyA.getByRole('button', { name: en['app.close'] }).click();
    expect(await rowButton('acknowledge', 'E2E truck A').count()).toBe(0);
    expect(await rowButton('comment', 'E2E truck A').count()).toBe(1);
  });

  it("lets a business admin see and change the business's actions on alarms", async () => {
    const token = await apiSignIn(suite.server.url, OPERATOR, suite.server.demoPassword());
    const acme = await api().businessNamed(token, 'Acme Water');
    const lisbon = await api().businessNamed(token, 'Lisbon plant');
    await suite.page.goto(
      `${suite.server.url}/businesses/${acme._id}/${acme.slug}/config?tab=alarms&BearerToken=${token}&lang=en`,
    );
    await suite.page.getByRole('button', { name: en['cookies.accept'] }).click();
    await suite.page.getByText(en['actions.readingsStored']).waitFor();
    await suite.page.getByText(en['actions.inheritedDefault']).waitFor();

    await suite.page.getByRole('button', { name: en['actions.addAction'] }).click();
    const dialog = suite.page.getByRole('dialog', { name: en['actions.addTitle'] });
    await dialog.getByRole('combobox', { name: en['actions.type'] }).click();
    await suite.page.getByRole('option', { name: en['actions.type.email'] }).click();
    await dialog.getByLabel(en['actions.name']).fill('Night shift');
    await dialog.getByRole('combobox', { name: en['actions.email.mode'] }).click();
    await suite.page.getByRole('option', { name: en['actions.email.mode.custom'] }).click();
    await dialog
      .getByRole('textbox', { name: en['actions.email.addresses'] })
      .fill('night@acme.example, not-an-address');
    await dialog.getByRole('button', { name: en['actions.add'], exact: true }).click();
    await dialog.getByText(en['actions.fixErrors']).waitFor();
    await dialog.getByRole('textbox', { name: en['actions.email.addresses'] }).fill('night@acme.example');
    await dialog.getByRole('button', { name: en['actions.add'], exact: true }).click();
    await suite.page.getByRole('row', { name: 'Night shift' }).waitFor();
    await suite.page.getByRole('button', { name: en['actions.save'], exact: true }).click();
    await suite.page.getByText(en['app.updated']).waitFor();
    await suite.page.getByRole('button', { name: en['actions.followParent'] }).waitFor();
    await settle();
    await suite.page.screenshot({ path: `${SHOTS}/alarms-en-business-actions.png`, fullPage: true });

    // A callback to this machine is on a private network: the test says so before anything is saved.
    await suite.page.getByRole('button', { name: en['actions.addAction'] }).click();
    const callback = suite.page.getByRole('dialog', { name: en['actions.addTitle'] });
    await callback.getByRole('combobox', { name: en['actions.type'] }).click();
    await suite.page.getByRole('option', { name: en['actions.type.callback'] }).click();
    await callback.getByLabel(en['actions.callback.url']).fill(`${suite.server.url}/hook`);
    await callback.getByRole('button', { name: en['actions.test.button'] }).click();
    await callback.getByRole('alert').waitFor();
    await settle();
    await suite.page.screenshot({ path: `${SHOTS}/alarms-en-callback-test.png` });
    await callback.getByRole('button', { name: en['app.cancel'] }).click();

    // The level below follows Acme Water's list.
    await suite.page.goto(`${suite.server.url}/businesses/${lisbon._id}/${lisbon.slug}/config?tab=alarms&lang=en`);
    await suite.page.getByText(en['actions.inheritedFrom'].replace('{{name}}', 'Acme Water')).waitFor();
    await suite.page.getByRole('row', { name: 'Night shift' }).waitFor();
  });
});

describe('alarms across the tree', () => {
  it("shows every tenant's alarms by default, each with its own number, narrows to a business, and fits a phone", async () => {
    const staff = await apiSignIn(suite.server.url, ADMIN.email, ADMIN.password);
    const acme = await api().businessNamed(staff, 'Acme Water');
    const harbour = await api().businessNamed(staff, 'Blue Harbour Logistics');
    const lisbon = await api().businessNamed(staff, 'Lisbon plant');
    const warehouse = await api().businessNamed(staff, 'Lisbon warehouse');
    const vanOne = await speedingTracker(staff, lisbon._id, 'E2E van one', '867530900000207');
    const vanTwo = await speedingTracker(staff, lisbon._id, 'E2E van two', '867530900000215');
    const barge = await speedingTracker(staff, warehouse._id, 'E2E barge', '867530900000223');
    const alarms = await raiseSpeedAlarms(staff, [
      [acme._id, [vanOne, vanTwo]],
      [harbour._id, [barge]],
    ]);
    const numberOf = (device: { uuid: string }) => alarms[device.uuid]?.number ?? 0;
    // Each van's first alarm: the device's own count says 1 for both, the tenant's numbers tell them apart.
    expect([alarms[vanOne.uuid]?.sequenceId, alarms[vanTwo.uuid]?.sequenceId]).toEqual([1, 1]);
    expect(numberOf(vanTwo)).toBe(numberOf(vanOne) + 1);

    // Provider staff see both tenants' alarms without choosing a business.
    await suite.page.goto(`${suite.server.url}/alarms?BearerToken=${staff}&lang=en`);
    // The Sigfox token dialog opens by itself for provider staff.
    await suite.page.getByText(en['sigfoxTokens.title']).waitFor();
    await suite.page.keyboard.press('Escape');
    await suite.page.getByText(en['sigfoxTokens.title']).waitFor({ state: 'hidden' });
    await suite.page.getByRole('button', { name: en['cookies.accept'] }).click();
    for (const [device, name] of [
      [vanOne, 'E2E van one'],
      [vanTwo, 'E2E van two'],
      [barge, 'E2E barge'],
    ] as const) {
      const alarmRow = row(name, numberOf(device));
      await alarmRow.waitFor();
      expect(await alarmRow.getByRole('cell').first().textContent()).toBe(`#${numberOf(device)}`);
    }
    // Each row tells whose it is.
    await row('E2E barge').getByRole('cell', { name: 'Lisbon warehouse', exact: true }).waitFor();
    await row('E2E van one').getByRole('cell', { name: 'Lisbon plant', exact: true }).waitFor();
    expect(await suite.page.getByRole('textbox', { name: en['alarms.business'] }).getAttribute('placeholder')).toBe(
      en['alarms.allBusinesses'],
    );
    await settle();
    await suite.page.screenshot({ path: `${SHOTS}/alarms-en-all-businesses.png`, fullPage: true });

    // A business narrows the list to its subtree, in the URL too; clearing it shows every business again.
    await suite.page
      .getByRole('button', { name: en['arch.business.choose'].replace('{{field}}', en['alarms.business']) })
      .click();
    const picker = suite.page.getByRole('dialog', { name: en['alarms.business'] });
    await picker.getByText('Blue Harbour Logistics', { exact: true }).click();
    await picker.getByRole('button', { name: en['app.ok'] }).click();
    await row('E2E van one').waitFor({ state: 'detached' });
    await row('E2E barge').waitFor();
    expect(new URL(suite.page.url()).searchParams.get('business')).toBe(harbour._id);
    await suite.page.getByRole('button', { name: en['arch.business.clear'] }).click();
    await row('E2E van one').waitFor();
    expect(new URL(suite.page.url()).searchParams.get('business')).toBeNull();

    // A status in the URL (as the home page links) still filters the list.
    await suite.page.goto(`${suite.server.url}/alarms?status=acknowledged&lang=en`);
    await suite.page.getByRole('button', { name: en['alarms.status.acknowledged'], pressed: true }).waitFor();
    await row('E2E barge').waitFor({ state: 'detached' });

    // On a phone each alarm is a card with its actions in sight, not a table cut on the right.
    await suite.page.setViewportSize({ width: 390, height: 844 });
    await suite.page.goto(`${suite.server.url}/alarms?lang=en`);
    const cards = suite.page.getByRole('list', { name: en['alarms.table'] });
    const card = cards.getByRole('listitem', { name: new RegExp(`^${rowName('E2E barge', numberOf(barge))}$`) });
    await card.waitFor();
    expect(await suite.page.getByRole('table', { name: en['alarms.table'] }).count()).toBe(0);
    await card.getByText(`#${numberOf(barge)}`, { exact: false }).waitFor();
    for (const kind of ['acknowledge', 'snooze', 'comment', 'history'] as const) {
      const box = await card.getByRole('button', { name: new RegExp(`^${en[`alarms.${kind}`]} `) }).boundingBox();
      expect(box, kind).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), kind).toBeLessThanOrEqual(390);
    }
    expect(await suite.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await settle();
    await suite.page.screenshot({ path: `${SHOTS}/alarms-en-phone.png`, fullPage: true });
    await card.getByRole('button', { name: new RegExp(`^${en['alarms.history']} `) }).click();
    await suite.page.getByRole('dialog', { name: /E2E barge/ }).waitFor();

    await suite.page.goto(`${suite.server.url}/alarms?lang=pt`);
    await suite.page.getByRole('list', { name: pt['alarms.table'] }).waitFor();
    await settle();
    await suite.page.screenshot({ path: `${SHOTS}/alarms-pt-phone.png`, fullPage: true });
    await suite.page.setViewportSize({ width: 1440, height: 900 });
    await suite.page.getByRole('table', { name: pt['alarms.table'] }).waitFor();
    await settle();
    await suite.page.screenshot({ path: `${SHOTS}/alarms-pt-all-businesses.png`, fullPage: true });
  });
});
