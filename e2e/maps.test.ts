import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import pt from '../packages/web/src/i18n/pt.json' with { type: 'json' };
import { SHOTS } from './support/browser.js';
import { imei } from './support/imei.js';
import { ADMIN } from './support/server.js';
import { apiSignIn } from './support/session.js';
import { useDemoSuite } from './support/suite.js';

const suite = useDemoSuite();
let token: string;
let tracked: string;
let lisbon: string;

// Three trackers a few hundred metres apart in Porto (one cluster when the map shows both cities), one in Lisbon.
const PLACES = [
  { lat: 41.1496, lon: -8.611 },
  { lat: 41.1521, lon: -8.6075 },
  { lat: 41.1479, lon: -8.6152 },
  { lat: 38.7223, lon: -9.1393 },
];
// A drive north through Lisbon, a minute between positions.
const TRACK = [
  { lat: 38.7076, lon: -9.1365 },
  { lat: 38.7139, lon: -9.1394 },
  { lat: 38.7223, lon: -9.1393 },
  { lat: 38.7301, lon: -9.1452 },
  { lat: 38.7368, lon: -9.1427 },
];

/**
 * Positions reach devices through ingest; here they are written straight in the database as ingest would leave
 * them: each tracker's last position, and the first one's track as readings.
 */
function placeTrackers(uuids: string[]) {
  const db = new Database(join(suite.server.dataDir, 'app.db'));
  db.pragma('busy_timeout = 5000');
  const now = Date.now();
  const update = db.prepare('UPDATE devices SET signal_values = ?, last_seen_at = ? WHERE id = ?');
  uuids.forEach((uuid, index) => {
    update.run(JSON.stringify({ position: { value: PLACES[index], date: now } }), now, uuid);
  });
  const { key } = db.prepare('SELECT key FROM devices WHERE id = ?').get(uuids[0]) as { key: number };
  const insert = db.prepare('INSERT INTO readings (device_key, signal, date, value) VALUES (?, ?, ?, ?)');
  TRACK.forEach((position, index) => {
    insert.run(key, 'position', now - (TRACK.length - index) * 60_000, JSON.stringify(position));
  });
  db.close();
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  token = await apiSignIn(suite.server.url, ADMIN.email, ADMIN.password);
  const businesses = await fetch(`${suite.server.url}/api/customer-business`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((response) => response.json() as Promise<{ _id: string; description: string }[]>);
  const porto = businesses.find((business) => business.description === 'Porto plant')?._id;
  const created = await fetch(`${suite.server.url}/api/devices/from-scratch`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      businessId: porto,
      deviceType: 'gps-tracker',
      devices: PLACES.map((_, n) => ({ networkId: imei(`3569380360${n}123`), description: `Map tracker ${n + 1}` })),
    }),
  }).then((response) => response.json() as Promise<{ results: { ok: boolean; uuid?: string }[] }>);
  expect(created.results.every((result) => result.ok)).toBe(true);
  const uuids = created.results.map((result) => result.uuid ?? '');
  tracked = uuids[0] ?? '';
  lisbon = uuids[3] ?? '';
  placeTrackers(uuids);
});

/**
 * Opens `path` signed in as provider staff, with OpenStreetMap's tiles refused as on an offline installation, past
 * the Sigfox token dialog that opens by itself for them.
 */
async function openOffline(path: string, texts: typeof en) {
  await suite.page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
  const separator = path.includes('?') ? '&' : '?';
  await suite.page.goto(
    `${suite.server.url}${path}${separator}BearerToken=${token}&lang=${texts === pt ? 'pt' : 'en'}`,
  );
  // The cookie banner lies over the dialog, whose close button it covers when the dialog is tall: accepted first.
  await suite.page.getByRole('button', { name: texts['cookies.accept'] }).click();
  const tokens = suite.page.getByRole('dialog', { name: texts['sigfoxTokens.title'] });
  await tokens.getByRole('button', { name: texts['app.close'] }).click();
  await tokens.waitFor({ state: 'hidden' });
}

/** The share of the map's pixels close to `hex`, read from a screenshot of it decoded by the page itself. */
async function shareOf(map: Locator, hex: string): Promise<number> {
  const png = (await map.screenshot()).toString('base64');
  return suite.page.evaluate(
    async ({ png, hex }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
      let close = 0;
      for (let index = 0; index < data.length; index += 4) {
        const near = (channel: number, value = 0) => Math.abs((data[index + channel] ?? 0) - value) <= 6;
        if (near(0, r) && near(1, g) && near(2, b)) close++;
      }
      return close / (data.length / 4);
    },
    { png, hex },
  );
}

const LAND = '#f3f1ea';
const SEA = '#cfe3ee';

describe('maps', () => {
  it('draws the shipped base offline, clusters the devices with counts that split as it zooms', async () => {
    await suite.page.setViewportSize({ width: 1440, height: 900 });
    await openOffline('/devices?q=Map%20tracker&view=map', en);
    // MapLibre names its canvas after the region too.
    const map = suite.page.getByRole('region', { name: en['devices.view.map'] }).first();
    const cluster = map.getByRole('button', { name: '3', exact: true });
    await cluster.waitFor();
    // Land and sea from Natural Earth, and the names of larger places: not a plain grey box.
    await map.getByText('Lisboa', { exact: true }).waitFor();
    await map.getByText('Porto', { exact: true }).waitFor();
    await expect.poll(() => shareOf(map, LAND)).toBeGreaterThan(0.2);
    expect(await shareOf(map, SEA)).toBeGreaterThan(0.05);
    await suite.page.screenshot({ path: `${SHOTS}/maps-devices-en.png` });

    await cluster.click();
    await cluster.waitFor({ state: 'detached' });
    await suite.page.screenshot({ path: `${SHOTS}/maps-devices-zoomed-en.png` });
  });

  it("marks a track's start and end, with the time and speed of a position on hover", async () => {
    await suite.page.setViewportSize({ width: 390, height: 844 });
    await openOffline(`/devices/${tracked}?tab=data`, pt);
    const map = suite.page.getByRole('region', { name: pt['device.position.track'] }).first();
    const start = map.getByRole('img', { name: pt['device.position.start'] });
    const end = map.getByRole('img', { name: pt['device.position.end'] });
    await start.waitFor();
    await end.waitFor();
    await map.scrollIntoViewIfNeeded();
    const [from, to] = [await start.boundingBox(), await end.boundingBox()];
    // North is up: the drive north starts below where it ends.
    expect((from?.y ?? 0) > (to?.y ?? 0)).toBe(true);
    if (!to) throw new Error('the end mark has no box');
    // The map may still be settling (fitting the track, loading the layer): hover again, where the mark is now, until
    // the position's text shows.
    const speed = map.getByText(/km\/h/);
    await expect
      .poll(
        async () => {
          const box = await end.boundingBox();
          if (!box) return false;
          await suite.page.mouse.move(box.x - 20, box.y + box.height / 2);
          await suite.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
          return speed.isVisible();
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(true);
    await suite.page.screenshot({ path: `${SHOTS}/maps-track-pt.png` });
  });

  it("opens a device's card from its marker, and the device's screen from the card", async () => {
    for (const [texts, viewport] of [
      [pt, { width: 390, height: 844 }],
      [en, { width: 1440, height: 900 }],
    ] as const) {
      await suite.page.setViewportSize(viewport);
      // The one device of the filter: the map centres on it. The first visit's notices show once.
      const path = '/devices?q=Map%20tracker%204&view=map';
      if (texts === pt) await openOffline(path, texts);
      else await suite.page.goto(`${suite.server.url}${path}&lang=en`);
      const map = suite.page.getByRole('region', { name: texts['devices.view.map'] }).first();
      const card = map.getByRole('region', { name: 'Map tracker 4' });
      // The map may still be loading its layers: click the marker again until its card shows.
      await expect
        .poll(
          async () => {
            const box = await map.boundingBox();
            if (box) await suite.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
            return card.isVisible();
          },
          { timeout: 30_000, interval: 500 },
        )
        .toBe(true);
      await card.getByText(texts['devices.column.type']).waitFor();
      await card.getByText(texts['devices.column.lastSeen']).waitFor();
      await card.getByText(texts['devices.column.values']).waitFor();
      await suite.page.screenshot({ path: `${SHOTS}/maps-card-${texts === pt ? 'pt' : 'en'}.png` });
    }
    await suite.page
      .getByRole('region', { name: 'Map tracker 4' })
      .getByRole('link', { name: en['devices.mapOpenDevice'] })
      .click();
    await suite.page.waitForURL((url) => url.pathname === `/devices/${lisbon}`);
    await suite.page.getByRole('heading', { name: 'Map tracker 4' }).waitFor();
  });
});
