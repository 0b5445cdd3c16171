import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Place, PlaceGroup } from '@iot/shared';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import pt from '../packages/web/src/i18n/pt.json' with { type: 'json' };
import { apiOf, type ListedBusiness } from './support/api.js';
import { SHOTS } from './support/browser.js';
import { imei } from './support/imei.js';
import { ADMIN } from './support/server.js';
import { apiSignIn } from './support/session.js';
import { useDemoSuite } from './support/suite.js';

type Texts = Record<string, string>;
type Language = 'en' | 'pt';

const suite = useDemoSuite({ viewport: { width: 1440, height: 900 } });
const TEXTS: Record<Language, Texts> = { en, pt };
const fill = (text: string | undefined, params: Record<string, string | number>) =>
  Object.entries(params).reduce((result, [key, value]) => result.replaceAll(`{{${key}}}`, String(value)), text ?? '');

/** What every test works with: the demo's first tenant (whose plan has places), a group, a place with vans at it. */
const world = {
  adminToken: '',
  /** The demo's operator, admin of Acme Water, as a customer sees the screen. */
  operatorToken: '',
  acme: undefined as unknown as ListedBusiness,
  yard: undefined as unknown as Place,
  group: undefined as unknown as PlaceGroup,
};

const call = <T>(token: string, method: string, path: string, body?: unknown) =>
  apiOf(suite.server.url).call<T>(token, method, path, body);

/** The places of Acme Water's subtree whose name has `search`, as the API answers them. */
const placesNamed = async (search: string) =>
  (
    await call<{ items: Place[] }>(
      world.operatorToken,
      'GET',
      `/customer-business/${world.acme._id}/places?search=${encodeURIComponent(search)}`,
    )
  ).items;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  world.adminToken = await apiSignIn(suite.server.url, ADMIN.email, ADMIN.password);
  world.operatorToken = await apiSignIn(suite.server.url, 'operator@example.com', suite.server.demoPassword());
  const businessNamed = (description: string) =>
    apiOf(suite.server.url).businessNamed(world.operatorToken, description);
  world.acme = await businessNamed('Acme Water');
  const porto = await businessNamed('Porto plant');
  world.group = await call<PlaceGroup>(
    world.operatorToken,
    'POST',
    `/customer-business/${world.acme._id}/place-groups`,
    { name: 'E2E depots', forbidden: false, enterAfterMs: 60_000 },
  );
  world.yard = await call<Place>(world.operatorToken, 'POST', `/customer-business/${world.acme._id}/places`, {
    name: 'E2E Porto yard',
    area: { kind: 'circle', center: { lat: 41.1496, lon: -8.611 }, radius: 300 },
    groupId: world.group._id,
  });
  const created = await call<{ results: { ok: boolean; uuid?: string }[] }>(
    world.adminToken,
    'POST',
    '/devices/from-scratch',
    {
      businessId: porto._id,
      deviceType: 'gps-tracker',
      devices: [1, 2].map((n) => ({ networkId: imei(`3569380450${n}123`), description: `E2E van ${n}` })),
    },
  );
  expect(created.results.every((result) => result.ok)).toBe(true);
  // Where a device is comes from the positions it sends; here it is written as the location pipeline leaves it.
  const db = new Database(join(suite.server.dataDir, 'app.db'));
  db.pragma('busy_timeout = 5000');
  const at = db.prepare(
    "UPDATE devices SET location_state = 'atPoi', location_place_id = ?, location_since = ? WHERE id = ?",
  );
  for (const result of created.results) at.run(world.yard._id, Date.now() - 40 * 60_000, result.uuid);
  db.close();
});

/** Opens `/places` for Acme Water as the operator, in `lang`, with OpenStreetMap's tiles refused (offline base). */
async function openPlaces(lang: Language) {
  const texts = TEXTS[lang];
  await suite.page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
  await suite.page.goto(
    `${suite.server.url}/places?business=${world.acme._id}&BearerToken=${world.operatorToken}&lang=${lang}`,
  );
  await suite.page.getByRole('list', { name: texts['places.list'] }).waitFor();
  const cookies = suite.page.getByRole('button', { name: texts['cookies.accept'] });
  if (await cookies.isVisible().catch(() => false)) await cookies.click();
}

/** Chooses a place in the list: the map centres on it and the devices at it show. */
async function choosePlace(name: string, lang: Language) {
  await suite.page.getByRole('list', { name: TEXTS[lang]['places.list'] }).getByRole('button', { name }).click();
  await suite.page.getByRole('region', { name: name }).waitFor();
  // Its name shows on the map however far out the map is.
  await suite.page.locator('.place-label', { hasText: name }).waitFor();
}

/** The map's canvas box, to click and drag on. */
async function mapBox(lang: Language) {
  const box = await suite.page.getByRole('region', { name: TEXTS[lang]['places.map'] }).boundingBox();
  if (!box) throw new Error('no map');
  return box;
}

describe('places: the map and list of a level', () => {
  it('shows the devices at a place, then draws a circle, names it and sees it in the list', async () => {
    await openPlaces('en');
    await choosePlace('E2E Porto yard', 'en');
    const devices = suite.page.getByRole('list', { name: 'Devices at E2E Porto yard' });
    await devices.getByRole('link', { name: 'E2E van 1' }).waitFor();
    await devices.getByRole('link', { name: 'E2E van 2' }).waitFor();
    await suite.page
      .getByText(fill(en['places.devicesNow_other'], { count: 2 }))
      .first()
      .waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/places-devices-en.png` });

    // The map is now close in on the yard: a circle drawn beside it is a few hundred metres across.
    await suite.page.getByRole('button', { name: en['places.backToList'] }).click();
    await suite.page.getByRole('button', { name: en['places.drawCircle'] }).click();
    await suite.page.getByText(en['places.hint.circle']).waitFor();
    const box = await mapBox('en');
    const centre = { x: box.x + box.width * 0.25, y: box.y + box.height * 0.6 };
    await suite.page.mouse.click(centre.x, centre.y);
    await suite.page.mouse.move(centre.x + 40, centre.y, { steps: 8 });
    await suite.page.mouse.click(centre.x + 60, centre.y);

    const dialog = suite.page.getByRole('dialog', { name: en['places.createTitle'] });
    await dialog.getByRole('textbox', { name: en['places.name'] }).fill('E2E Gaia depot');
    await dialog.getByRole('combobox', { name: en['places.group'] }).click();
    await suite.page.getByRole('option', { name: 'E2E depots' }).click();
    await suite.page.screenshot({ path: `${SHOTS}/places-dialog-en.png` });
    await dialog.getByRole('button', { name: en['places.create'] }).click();
    await suite.page.getByText(fill(en['places.created'], { name: 'E2E Gaia depot' })).waitFor();

    const [saved] = await placesNamed('E2E Gaia depot');
    expect(saved?.area.kind).toBe('circle');
    expect(saved?.group?.id).toBe(world.group._id);
    if (saved?.area.kind === 'circle') {
      expect(saved.area.radius).toBeGreaterThan(10);
      expect(saved.area.radius).toBeLessThan(5000);
      expect(Math.abs(saved.area.center.lat - 41.15)).toBeLessThan(0.2);
    }
    await suite.page.getByRole('button', { name: en['places.backToList'] }).click();
    const list = suite.page.getByRole('list', { name: en['places.list'] });
    await list.getByRole('button', { name: 'E2E Gaia depot' }).waitFor();
    await suite.page.locator('.place-label', { hasText: 'E2E Gaia depot' }).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/places-en.png` });
  });

  it('moves a place by dragging it on the map and saves it over its version', async () => {
    await openPlaces('en');
    await choosePlace('E2E Porto yard', 'en');
    // The map frames the yard: once its move ends, the yard's name (at its centre) is in the middle of the map.
    const box = await mapBox('en');
    const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const label = suite.page.locator('.place-label', { hasText: 'E2E Porto yard' });
    await expect
      .poll(async () => {
        const at = await label.boundingBox();
        return at
          ? Math.hypot(at.x + at.width / 2 - middle.x, at.y + at.height / 2 - middle.y)
          : Number.POSITIVE_INFINITY;
      })
      .toBeLessThan(6);
    await suite.page.getByRole('button', { name: en['places.reshape'] }).click();
    await suite.page.getByText(en['places.hint.reshape']).waitFor();
    // The map is busy until its drawing tool holds the yard, ready to be dragged.
    const map = suite.page.getByRole('region', { name: en['places.map'] });
    await expect.poll(() => map.getAttribute('aria-busy')).toBe('false');
    await suite.page.mouse.move(middle.x, middle.y);
    await suite.page.mouse.down();
    await suite.page.mouse.move(middle.x + 60, middle.y + 30, { steps: 12 });
    await suite.page.mouse.up();
    await suite.page.screenshot({ path: `${SHOTS}/places-reshape-en.png` });
    await suite.page.getByRole('button', { name: en['places.saveShape'] }).click();
    await suite.page.getByText(fill(en['places.shapeSaved'], { name: 'E2E Porto yard' })).waitFor();
    const [moved] = await placesNamed('E2E Porto yard');
    expect(moved?.version).toBeGreaterThan(world.yard.version);
    if (moved?.area.kind !== 'circle' || world.yard.area.kind !== 'circle') throw new Error('not a circle');
    // East and south of where it was, its radius kept.
    expect(moved.area.center.lon).toBeGreaterThan(world.yard.area.center.lon);
    expect(moved.area.center.lat).toBeLessThan(world.yard.area.center.lat);
    expect(Math.abs(moved.area.radius - 300)).toBeLessThan(5);
  });

  it('draws a polygon in Portuguese and shows the list on a phone', async () => {
    await openPlaces('pt');
    await choosePlace('E2E Porto yard', 'pt');
    await suite.page.getByRole('button', { name: pt['places.backToList'] }).click();
    await suite.page.getByRole('button', { name: pt['places.drawPolygon'] }).click();
    await suite.page.getByText(pt['places.hint.polygon']).waitFor();
    const box = await mapBox('pt');
    const corners = [
      { x: box.x + box.width * 0.7, y: box.y + box.height * 0.2 },
      { x: box.x + box.width * 0.85, y: box.y + box.height * 0.25 },
      { x: box.x + box.width * 0.8, y: box.y + box.height * 0.4 },
      { x: box.x + box.width * 0.68, y: box.y + box.height * 0.35 },
    ];
    for (const corner of corners) {
      await suite.page.mouse.move(corner.x, corner.y, { steps: 4 });
      await suite.page.mouse.click(corner.x, corner.y);
    }
    const [first] = corners;
    if (!first) throw new Error('no corner');
    await suite.page.mouse.move(first.x, first.y, { steps: 4 });
    await suite.page.mouse.click(first.x, first.y);

    const dialog = suite.page.getByRole('dialog', { name: pt['places.createTitle'] });
    await dialog.getByText(fill(pt['places.kind.polygon_other'], { count: 4 })).waitFor();
    await dialog.getByRole('textbox', { name: pt['places.name'] }).fill('E2E Pátio de Gaia');
    await suite.page.screenshot({ path: `${SHOTS}/places-dialog-pt.png` });
    await dialog.getByRole('button', { name: pt['places.create'] }).click();
    await suite.page.getByText(fill(pt['places.created'], { name: 'E2E Pátio de Gaia' })).waitFor();
    const [saved] = await placesNamed('E2E Pátio de Gaia');
    expect(saved?.area.kind === 'polygon' && saved.area.points.length).toBe(4);
    await suite.page.screenshot({ path: `${SHOTS}/places-pt.png` });

    await suite.page.getByRole('button', { name: pt['places.groups'] }).click();
    const groups = suite.page.getByRole('dialog', { name: pt['places.groups'] });
    await groups.getByRole('listitem', { name: 'E2E depots' }).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/places-groups-pt.png` });
    await groups.getByRole('button', { name: pt['app.close'] }).click();

    await suite.page.setViewportSize({ width: 390, height: 844 });
    await openPlaces('pt');
    const circle = await suite.page.getByRole('button', { name: pt['places.drawCircle'] }).boundingBox();
    const polygon = await suite.page.getByRole('button', { name: pt['places.drawPolygon'] }).boundingBox();
    expect(circle?.y).toBe(polygon?.y);
    await choosePlace('E2E Porto yard', 'pt');
    await suite.page
      .getByRole('list', { name: 'Dispositivos em E2E Porto yard' })
      .getByRole('link', { name: 'E2E van 1' })
      .waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/places-devices-pt-phone.png`, fullPage: true });
    await suite.page.getByRole('button', { name: pt['places.backToList'] }).click();
    await suite.page.screenshot({ path: `${SHOTS}/places-pt-phone.png`, fullPage: true });
  });

  it('shows the list in English on a phone', async () => {
    await suite.page.setViewportSize({ width: 390, height: 844 });
    await openPlaces('en');
    await suite.page
      .getByRole('list', { name: en['places.list'] })
      .getByRole('button', { name: 'E2E Porto yard' })
      .waitFor();
    // The drawing tools fit one line.
    const circle = await suite.page.getByRole('button', { name: en['places.drawCircle'] }).boundingBox();
    const polygon = await suite.page.getByRole('button', { name: en['places.drawPolygon'] }).boundingBox();
    expect(circle?.y).toBe(polygon?.y);
    // The map draws the places' data a moment after framing them: only the screenshot waits for it.
    await suite.page.waitForTimeout(1000);
    await suite.page.screenshot({ path: `${SHOTS}/places-en-phone.png`, fullPage: true });
  });
});
