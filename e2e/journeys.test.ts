import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Journey, JourneyDetail, MessageCode } from '@iot/shared';
import { MESSAGES } from '@iot/shared';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import pt from '../packages/web/src/i18n/pt.json' with { type: 'json' };
import { apiOf, type ListedBusiness } from './support/api.js';
import { SHOTS } from './support/browser.js';
import { imei } from './support/imei.js';
import { apiSignIn } from './support/session.js';
import { useDemoSuite } from './support/suite.js';

type Texts = typeof en;
type Language = 'en' | 'pt';

const suite = useDemoSuite({ viewport: { width: 1440, height: 900 } });
const TEXTS: Record<Language, Texts> = { en, pt: pt as Texts };
const message = (lang: Language, code: MessageCode) => MESSAGES[lang][code];

/** What every test works with: the demo's operator (admin of Acme Water, whose plan unlocks journeys) and two vans. */
const world = {
  token: '',
  acme: undefined as unknown as ListedBusiness,
  integrationToken: '',
  /** Van uuids by description. */
  vans: new Map<string, string>(),
};

const call = <T>(method: string, path: string, body?: unknown) =>
  apiOf(suite.server.url).call<T>(world.token, method, path, body);

const PORTO = { lat: 41.1496, lon: -8.611 };
const TROFA = { lat: 41.337, lon: -8.56 };
const BRAGA = { lat: 41.5454, lon: -8.4265 };
const MINUTE = 60_000;

/**
 * A delivery as the van reports it, a position every five minutes: Porto to Trofa at 55 km/h, eleven minutes stood
 * at the Trofa warehouse, then on to Braga; it ended a few minutes ago.
 */
function delivery(now: number) {
  const start = now - 75 * MINUTE;
  const between = (from: typeof PORTO, to: typeof PORTO, share: number) => ({
    lat: from.lat + (to.lat - from.lat) * share,
    lon: from.lon + (to.lon - from.lon) * share,
  });
  const positions: { ts: number; speed: number; position: typeof PORTO }[] = [];
  for (let step = 0; step <= 5; step++)
    positions.push({
      ts: start + step * 5 * MINUTE,
      speed: step === 0 ? 0 : 55,
      position: between(PORTO, TROFA, step / 5),
    });
  for (const minute of [27, 30, 34, 38]) positions.push({ ts: start + minute * MINUTE, speed: 0, position: TROFA });
  for (let step = 1; step <= 6; step++)
    positions.push({ ts: start + (38 + step * 5) * MINUTE, speed: 60, position: between(TROFA, BRAGA, step / 6) });
  return positions;
}

/**
 * The journey began before the delivery's first position, as if it had been started at the depot: a journey takes no
 * position dated before it began, and the delivery's positions are dated up to 75 minutes back.
 */
function beganBefore(journeyId: string, positions: ReturnType<typeof delivery>) {
  const began = Math.min(...positions.map((position) => position.ts)) - MINUTE;
  const db = new Database(join(suite.server.dataDir, 'app.db'));
  db.pragma('busy_timeout = 5000');
  const { summary } = db.prepare('SELECT summary FROM journeys WHERE id = ?').get(journeyId) as { summary: string };
  db.prepare('UPDATE journeys SET summary = ?, created_at = ? WHERE id = ?').run(
    JSON.stringify({ ...JSON.parse(summary), from: began }),
    began,
    journeyId,
  );
  db.close();
}

/** What the van posts through the platform's HTTP integration. */
async function report(uuid: string, positions: ReturnType<typeof delivery>) {
  for (const [index, { ts, speed, position }] of positions.entries()) {
    const response = await fetch(`${suite.server.url}/api/ingest/http`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-integration-token': world.integrationToken },
      body: JSON.stringify({ device: uuid, seq: index + 1, ts, values: { speed, position } }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
  }
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  world.token = await apiSignIn(suite.server.url, 'operator@example.com', suite.server.demoPassword());
  world.acme = await apiOf(suite.server.url).businessNamed(world.token, 'Acme Water');
  const porto = await apiOf(suite.server.url).businessNamed(world.token, 'Porto plant');
  for (const [index, description] of ['E2E journey van 1', 'E2E journey van 2'].entries()) {
    const van = await call<{ uuid: string }>('POST', '/devices', {
      businessId: porto._id,
      deviceType: 'gps-tracker',
      description,
      IMEI: imei(`86753090100${index}12`),
    });
    world.vans.set(description, van.uuid);
  }
  const integration = await call<{ token: string }>('POST', `/customer-business/${world.acme._id}/integrations`, {
    network: 'http',
    name: 'E2E journey vans',
  });
  world.integrationToken = integration.token;
  await call('POST', `/customer-business/${world.acme._id}/places`, {
    name: 'E2E Trofa warehouse',
    area: { kind: 'circle', center: TROFA, radius: 300 },
  });
});

/** Opens `path` as the operator in `lang`, past the cookie banner. */
async function open(path: string, lang: Language) {
  const separator = path.includes('?') ? '&' : '?';
  await suite.page.goto(`${suite.server.url}${path}${separator}BearerToken=${world.token}&lang=${lang}`);
  const cookies = suite.page.getByRole('button', { name: TEXTS[lang]['cookies.accept'] });
  await cookies.click({ timeout: 10_000 }).catch(() => undefined);
}

/** Lets dialogs and the map finish drawing before a screenshot. */
const settle = () => suite.page.waitForTimeout(800);

/**
 * A full-page screenshot of the screen as it is now; Chromium under load sometimes cannot capture a page whose map
 * is redrawing after a resize, so it is tried again once the map had a moment.
 */
async function shot(name: string, fullPage = true) {
  const path = `${SHOTS}/${name}.png`;
  await suite.page.screenshot({ path, fullPage }).catch(async () => {
    await settle();
    await suite.page.screenshot({ path, fullPage });
  });
}

/** The title of the journey's page, beside which its state shows. */
const header = (description: string) =>
  suite.page.getByRole('heading', { name: description, exact: true }).locator('..');

/** Takes `action` on the journey shown, with `comment`, through its confirmation dialog; waits for the new state. */
async function act(
  lang: Language,
  journey: string,
  action: 'pause' | 'restart' | 'finalize',
  comment: string,
  state: string,
) {
  const texts = TEXTS[lang];
  await suite.page.getByRole('button', { name: texts[`journeys.action.${action}`], exact: true }).click();
  const dialog = suite.page.getByRole('dialog', { name: texts[`journeys.actionTitle.${action}`] });
  await dialog.getByRole('textbox', { name: texts['journeys.commentOptional'] }).fill(comment);
  await dialog.getByRole('button', { name: texts[`journeys.action.${action}`], exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  await suite.page.getByText(texts[`journeys.done.${action}`]).waitFor();
  await header(journey).getByText(state, { exact: true }).waitFor();
}

const history = (lang: Language) => suite.page.getByRole('list', { name: TEXTS[lang]['journeys.history'] });
const journeysNamed = async (description: string) =>
  (await call<{ items: Journey[] }>('GET', `/customer-business/${world.acme._id}/journeys`)).items.filter(
    (journey) => journey.description === description,
  );

describe("journeys: a device's tab", () => {
  it('starts a journey for the van, shows its track, stops and summary, and pauses, restarts and finalizes it', async () => {
    const uuid = world.vans.get('E2E journey van 1') ?? '';
    await open(`/devices/${uuid}?tab=journeys`, 'en');
    await suite.page.getByText(en['journeys.empty']).waitFor();
    await suite.page.getByRole('button', { name: en['journeys.add'] }).click();
    const dialog = suite.page.getByRole('dialog', { name: en['journeys.createTitle'] });
    expect(await dialog.getByRole('textbox', { name: en['journeys.device'] }).inputValue()).toBe('E2E journey van 1');
    await dialog.getByRole('textbox', { name: en['journeys.description'] }).fill('E2E Porto to Braga');
    await dialog.getByRole('textbox', { name: en['journeys.commentOptional'] }).fill('Fragile load');
    await dialog.getByRole('button', { name: en['journeys.create'] }).click();
    await dialog.waitFor({ state: 'hidden' });
    await header('E2E Porto to Braga').getByText(en['journeys.state.running'], { exact: true }).waitFor();
    const [created] = await journeysNamed('E2E Porto to Braga');
    expect(created?.device.uuid).toBe(uuid);
    expect(new URL(suite.page.url()).searchParams.get('journey')).toBe(created?._id);

    const positions = delivery(Date.now());
    beganBefore(created?._id ?? '', positions);
    await report(uuid, positions);
    // A reload keeps the journey's page, now with the positions taken.
    await suite.page.reload();
    const stops = suite.page.getByRole('table', { name: en['journeys.stops'] });
    await stops.getByText('E2E Trofa warehouse').waitFor();
    const detail = await call<JourneyDetail>('GET', `/journeys/${created?._id}`);
    expect(detail.summary.stops.map((stop) => stop.place?.name)).toContain('E2E Trofa warehouse');
    expect(detail.track.length).toBeGreaterThan(10);
    const summary = suite.page.getByRole('region', { name: en['journeys.summary'] });
    await summary.getByText(/km$/).first().waitFor();
    await suite.page.getByRole('img', { name: en['journeys.map.start'] }).waitFor({ state: 'attached' });
    await suite.page.getByRole('img', { name: /^Stop 1: E2E Trofa warehouse/ }).waitFor({ state: 'attached' });
    await settle();
    await shot('journey-page-en');

    await act('en', 'E2E Porto to Braga', 'pause', 'Lunch break', en['journeys.state.paused']);
    await history('en').getByText('Lunch break').waitFor();
    await act('en', 'E2E Porto to Braga', 'restart', 'Back on the road', en['journeys.state.running']);
    await act('en', 'E2E Porto to Braga', 'finalize', 'Delivered', en['journeys.state.finished']);
    expect(await suite.page.getByRole('button', { name: en['journeys.action.pause'], exact: true }).count()).toBe(0);
    expect(await history('en').getByRole('listitem').count()).toBe(4);
    await history('en').getByText(en['journeys.transition.restarted'], { exact: true }).waitFor();
    await history('en')
      .getByText(/operator@example\.com/)
      .first()
      .waitFor();
    const finished = await call<JourneyDetail>('GET', `/journeys/${created?._id}`);
    expect(finished.history.map((entry) => [entry.transition, entry.comment])).toEqual([
      ['created', 'Fragile load'],
      ['paused', 'Lunch break'],
      ['restarted', 'Back on the road'],
      ['finished', 'Delivered'],
    ]);
    await settle();
    await shot('journey-finished-en');

    const [download] = await Promise.all([
      suite.page.waitForEvent('download'),
      suite.page.getByRole('button', { name: en['journeys.export'] }).click(),
    ]);
    expect(await readFile(await download.path(), 'utf8')).toContain('E2E Trofa warehouse');

    await suite.page.getByRole('link', { name: en['journeys.back'] }).click();
    const row = suite.page.getByRole('row', { name: 'E2E Porto to Braga' });
    await row.getByText(en['journeys.state.finished']).waitFor();
    await shot('journeys-device-tab-en');

    await suite.page.setViewportSize({ width: 390, height: 844 });
    await suite.page.getByRole('listitem', { name: 'E2E Porto to Braga' }).waitFor();
    await shot('journeys-device-tab-en-phone');
    await suite.page.getByRole('link', { name: 'E2E Porto to Braga' }).click();
    await suite.page
      .getByRole('list', { name: en['journeys.stops'] })
      .getByText(/E2E Trofa warehouse/)
      .waitFor();
    await settle();
    await shot('journey-page-en-phone');
  });
});

describe("journeys: a level's configuration tab, in Portuguese", () => {
  it('starts a journey for a device picked among the level, refuses a second one, and runs it to the end', async () => {
    const uuid = world.vans.get('E2E journey van 2') ?? '';
    const startFor = async (description: string) => {
      await suite.page.getByRole('button', { name: pt['journeys.add'] }).click();
      const dialog = suite.page.getByRole('dialog', { name: pt['journeys.createTitle'] });
      await dialog.getByRole('textbox', { name: pt['journeys.description'] }).fill(description);
      await dialog.getByRole('combobox', { name: pt['journeys.device'] }).fill('E2E journey van 2');
      await suite.page.getByRole('option').filter({ hasText: 'E2E journey van 2' }).click();
      await dialog.getByRole('button', { name: pt['journeys.create'] }).click();
      return dialog;
    };
    await open(`/businesses/${world.acme._id}/${world.acme.slug}/config?tab=journeys`, 'pt');
    await suite.page.getByRole('tab', { name: pt['businesses.tab.journeys'], selected: true }).waitFor();
    await startFor('E2E volta a Lisboa');
    await header('E2E volta a Lisboa').getByText(pt['journeys.state.running'], { exact: true }).waitFor();
    const positions = delivery(Date.now());
    const [started] = await journeysNamed('E2E volta a Lisboa');
    beganBefore(started?._id ?? '', positions);
    await report(uuid, positions);
    await suite.page.reload();
    await suite.page.getByRole('table', { name: pt['journeys.stops'] }).getByText('E2E Trofa warehouse').waitFor();
    await suite.page.getByRole('img', { name: /^Paragem 1: E2E Trofa warehouse/ }).waitFor({ state: 'attached' });
    await settle();
    await shot('journey-page-pt');

    await suite.page.getByRole('link', { name: pt['journeys.back'] }).click();
    const busy = await startFor('E2E segunda volta');
    await busy.getByText(message('pt', 'journey.device_busy')).waitFor();
    await settle();
    await shot('journey-busy-pt', false);
    await busy.getByRole('button', { name: pt['app.cancel'] }).click();
    expect(await journeysNamed('E2E segunda volta')).toEqual([]);

    const row = suite.page.getByRole('row', { name: 'E2E volta a Lisboa' });
    await row.getByRole('link', { name: 'E2E journey van 2' }).waitFor();
    await shot('journeys-business-tab-pt');
    await row.getByRole('link', { name: 'E2E volta a Lisboa' }).click();
    await act('pt', 'E2E volta a Lisboa', 'pause', 'Pausa para almoço', pt['journeys.state.paused']);
    await act('pt', 'E2E volta a Lisboa', 'restart', 'De volta à estrada', pt['journeys.state.running']);
    await act('pt', 'E2E volta a Lisboa', 'finalize', 'Entregue', pt['journeys.state.finished']);
    await history('pt').getByText('Entregue').waitFor();
    const [journey] = await journeysNamed('E2E volta a Lisboa');
    expect(journey?.state).toBe('finished');
    expect(journey?.device.uuid).toBe(uuid);
    await settle();
    await shot('journey-finished-pt');

    // Narrowed with the page open: the map follows into its phone height and place.
    await suite.page.setViewportSize({ width: 390, height: 844 });
    await settle();
    const region = suite.page.getByRole('region', { name: pt['journeys.map.label'] });
    const [map, drawn] = await Promise.all([region.boundingBox(), region.locator('canvas').boundingBox()]);
    expect(map?.height).toBe(300);
    expect(drawn).toEqual(map);
    await shot('journey-finished-pt-phone');
    await suite.page.getByRole('link', { name: pt['journeys.back'] }).click();
    await suite.page.getByRole('combobox', { name: pt['journeys.stateFilter'] }).click();
    await suite.page.getByRole('option', { name: pt['journeys.state.finished'] }).click();
    await suite.page.getByRole('listbox').waitFor({ state: 'hidden' });
    await settle();
    await suite.page.getByRole('listitem', { name: 'E2E volta a Lisboa' }).waitFor();
    await suite.page.getByRole('listitem', { name: 'E2E Porto to Braga' }).waitFor();
    await shot('journeys-business-tab-pt-phone');
  });
});
