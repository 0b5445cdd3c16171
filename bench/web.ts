/**
 * `npm run bench:web`: the web app's first load and responsiveness (issue 32), in Debian's Chromium against a fresh
 * build served by the product with 100,000 devices in one tenant (SQLite), signed in as an admin of that tenant:
 *  - JavaScript transferred on a cold cache (bytes on the wire, brotli where the server sends it) by `/login`,
 *    `/devices` and a device page (budgets: sign-in page at most 200 kB, device list at most 300 kB);
 *  - the largest contentful paint of `/devices` with the CPU 4 times slower (DevTools protocol; target 2.5 s);
 *  - the time from a keypress in the device search, and from a click on a device page's tab, to the next paint, as the
 *    browser's Event Timing reports it (the same CPU slowdown; target 200 ms).
 * Each figure stands beside the same figure for a blank page (a heading, a search field and a button with a few lines
 * of script) served by the same server in the same run. LCP and interactions are the median of BENCH_ROUNDS (3)
 * visits. The targets are reported, not enforced: they hold on a quiet machine.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '@iot/server';
import { hashPassword } from '@iot/server/passwords';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import { generateFleet, openProduct } from './product.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DEVICES = 100_000;
const CPU_SLOWDOWN = 4;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const EMAIL = 'admin@example.com';
const PASSWORD = 'bench password';
const repositoryRoot = join(import.meta.dirname, '..');

const BLANK_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Blank</title></head><body>
<h1 id="heading">A blank page</h1><input type="search" aria-label="Search"><button>Next</button>
<script src="/bench/blank.js"></script></body></html>`;
const BLANK_SCRIPT = `const heading = document.getElementById('heading');
document.querySelector('input').addEventListener('input', (event) => { heading.textContent = event.target.value; });
document.querySelector('button').addEventListener('click', () => { heading.textContent = String(Date.now()); });`;

/**
 * Recorded in each page from its start: the largest contentful paint so far and what it painted, and the longest Event Timing duration
 * (input to the next paint) of each interaction. Event Timing reports only durations of 16 ms and over.
 */
const OBSERVE_PAINTS = `
window.benchLcp = 0;
window.benchLcpElement = '';
window.benchInteractions = new Map();
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.benchLcp = entry.startTime;
    const text = (entry.element?.textContent ?? '').trim().slice(0, 40);
    window.benchLcpElement = (entry.element?.tagName.toLowerCase() ?? 'a removed element') + (text ? ' "' + text + '"' : '');
  }
}).observe({ type: 'largest-contentful-paint', buffered: true });
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!entry.interactionId) continue;
    const longest = window.benchInteractions.get(entry.interactionId) ?? 0;
    window.benchInteractions.set(entry.interactionId, Math.max(longest, entry.duration));
  }
}).observe({ type: 'event', durationThreshold: 16, buffered: true });`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => (value < 16 ? 'under 16 ms' : `${value.toFixed(0)} ms`);
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** A fresh build in a folder of its own (the working tree's `dist` is left as it is). */
async function buildWebApp(outDir: string) {
  const started = performance.now();
  await promisify(execFile)('npm', ['run', 'build', '-w', '@iot/web', '--', '--outDir', outDir, '--emptyOutDir'], {
    cwd: repositoryRoot,
    maxBuffer: 64 * 1024 * 1024,
  });
  console.log(`built the web app in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The product with a fleet, serving the build at `webDistDir` and the blank page; answers its address and a device. */
async function startProduct(webDistDir: string) {
  const product = await openProduct('sqlite', 'iot-bench-web-', { WEB_DIST_DIR: webDistDir });
  const started = performance.now();
  const tenant = await generateFleet(product.database, 1, DEVICES);
  await product.database.refreshStatistics();
  console.log(`generated ${DEVICES} devices in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const { app, services } = await buildApp({ config: product.config, database: product.database });
  const admin = await services.usersRepo.insert({
    email: EMAIL,
    passwordHash: await hashPassword(PASSWORD),
    language: 'en',
    emailConfirmed: true,
  });
  if (!admin) throw new Error('user not created');
  await services.businessesRepo.setEntry(tenant.id, admin.id, 'admin', Date.now());
  app.get('/bench/blank', { schema: { hide: true } }, (_request, reply) => reply.type('text/html').send(BLANK_PAGE));
  app.get('/bench/blank.js', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/javascript').send(BLANK_SCRIPT),
  );
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const token = ((await signIn.json()) as { access_token: string }).access_token;
  const page = await fetch(`${url}/api/devices/filter`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ limit: 1 }),
  });
  const device = ((await page.json()) as { items: { uuid: string }[] }).items[0];
  if (!device) throw new Error('no device listed');
  return {
    url,
    token,
    deviceUuid: device.uuid,
    async close() {
      await app.close();
      await product.drop();
    },
  };
}

interface Visit {
  page: Page;
  /** Bytes of JavaScript received so far (bodies as sent, and with their headers), scripts sent without compression. */
  scripts(): { bytes: number; withHeaders: number; uncompressed: number };
  /** The API call that took longest so far, and how long, from the request's sending to its last byte. */
  slowestApiCall(): { path: string; ms: number };
  /** Resolves once no request but the live-event stream has been in flight for half a second. */
  quiet(): Promise<void>;
  close(): Promise<void>;
}

/** A page in a context of its own (an empty cache), signed in when `token` is given, the CPU slowed when asked. */
async function visit(
  browser: Browser,
  options: { token?: string; cpuSlowdown?: number; viewport?: { width: number; height: number } },
): Promise<Visit> {
  const context: BrowserContext = await browser.newContext({
    viewport: options.viewport ?? { width: 1440, height: 900 },
    locale: 'en-US',
  });
  await context.addInitScript(OBSERVE_PAINTS);
  if (options.token) {
    const stored = { access_token: options.token, user_email: EMAIL, 'cookies-accepted': '1' };
    await context.addInitScript(
      `for (const [key, value] of Object.entries(${JSON.stringify(stored)})) localStorage.setItem(key, value);`,
    );
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (options.cpuSlowdown) await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
  const scriptRequests = new Map<string, { compressed: boolean; headerBytes: number }>();
  let bytes = 0;
  let withHeaders = 0;
  let uncompressed = 0;
  // The live-event stream stays open for good: it is no part of the page's loading.
  const inFlight = new Map<string, string>();
  let lastChange = performance.now();
  const apiCalls = new Map<string, { path: string; sentAt: number }>();
  let slowest = { path: '', ms: 0 };
  cdp.on('Network.requestWillBeSent', (event) => {
    const path = new URL(event.request.url).pathname;
    if (path === '/api/events') return;
    if (path.startsWith('/api/')) apiCalls.set(event.requestId, { path, sentAt: event.timestamp });
    inFlight.set(event.requestId, event.request.url);
    lastChange = performance.now();
  });
  const settled = (requestId: string) => {
    if (inFlight.delete(requestId)) lastChange = performance.now();
  };
  cdp.on('Network.loadingFailed', (event) => settled(event.requestId));
  cdp.on('Network.responseReceived', (event) => {
    if (event.type !== 'Script') return;
    const encoding = Object.entries(event.response.headers).find(([name]) => name.toLowerCase() === 'content-encoding');
    scriptRequests.set(event.requestId, {
      compressed: encoding !== undefined,
      headerBytes: event.response.encodedDataLength,
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    settled(event.requestId);
    const call = apiCalls.get(event.requestId);
    // Protocol timestamps are in seconds.
    if (call && (event.timestamp - call.sentAt) * 1000 > slowest.ms) {
      slowest = { path: call.path, ms: (event.timestamp - call.sentAt) * 1000 };
    }
    const script = scriptRequests.get(event.requestId);
    if (script === undefined) return;
    // At the answer's head Chromium has received its headers only: what follows is the body.
    bytes += event.encodedDataLength - script.headerBytes;
    withHeaders += event.encodedDataLength;
    if (!script.compressed) uncompressed += 1;
  });
  const quiet = async () => {
    const started = performance.now();
    while (inFlight.size > 0 || performance.now() - lastChange < 500) {
      if (performance.now() - started > 60_000)
        throw new Error(`still in flight after 60 s: ${[...inFlight.values()].join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return {
    page,
    scripts: () => ({ bytes, withHeaders, uncompressed }),
    slowestApiCall: () => slowest,
    quiet,
    close: () => context.close(),
  };
}

/** Opens `url` and waits until the page has shown `ready` and its loading is over. */
async function open(target: Visit, url: string, ready: (page: Page) => Promise<unknown>) {
  await target.page.goto(url);
  await ready(target.page);
  await target.quiet();
}

/** The longest input-to-next-paint of the interactions `act` makes, once the browser has reported them. */
async function interaction(page: Page, act: () => Promise<void>): Promise<number> {
  await page.evaluate('window.benchInteractions.clear()');
  await act();
  await page.waitForTimeout(1000);
  return Number(await page.evaluate('Math.max(0, ...window.benchInteractions.values())'));
}

type Scripts = ReturnType<Visit['scripts']>;

interface Figures {
  login: Scripts;
  devices: Scripts;
  device: Scripts;
  blank: Scripts;
  devicesLcp: number;
  /** What the largest contentful paint of `/devices` painted, and its slowest API call, in the last visit. */
  devicesLcpElement: string;
  devicesSlowestApiCall: string;
  blankLcp: number;
  searchKey: number;
  blankKey: number;
  tabClick: number;
  blankClick: number;
}

async function measure(browser: Browser, product: Awaited<ReturnType<typeof startProduct>>): Promise<Figures> {
  const { url, token, deviceUuid } = product;
  const search = (page: Page) => page.getByRole('searchbox', { name: en['devices.search'] });
  const infoTab = (page: Page) => page.getByRole('tab', { name: en['device.tab.info'], exact: true });
  const blankReady = (page: Page) => page.getByRole('button', { name: 'Next' }).waitFor();

  const scriptsOf = async (path: string, ready: (page: Page) => Promise<unknown>, signedIn: boolean) => {
    const target = await visit(browser, signedIn ? { token } : {});
    try {
      await open(target, `${url}${path}`, ready);
      return target.scripts();
    } finally {
      await target.close();
    }
  };
  const login = await scriptsOf(
    '/login',
    (page) => page.getByLabel(en['fields.password'], { exact: true }).waitFor(),
    false,
  );
  const devices = await scriptsOf('/devices', (page) => search(page).waitFor(), true);
  const device = await scriptsOf(`/devices/${deviceUuid}`, (page) => infoTab(page).waitFor(), true);
  const blank = await scriptsOf('/bench/blank', blankReady, false);

  const rounds: Omit<Figures, 'login' | 'devices' | 'device' | 'blank'>[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const list = await visit(browser, { token, cpuSlowdown: CPU_SLOWDOWN });
    const detail = await visit(browser, { token, cpuSlowdown: CPU_SLOWDOWN });
    const plain = await visit(browser, { cpuSlowdown: CPU_SLOWDOWN });
    try {
      await open(list, `${url}/devices`, (page) => search(page).waitFor());
      const devicesLcp = Number(await list.page.evaluate('window.benchLcp'));
      const devicesLcpElement = String(await list.page.evaluate('window.benchLcpElement'));
      const slowest = list.slowestApiCall();
      const devicesSlowestApiCall = `${slowest.path} ${slowest.ms.toFixed(0)} ms`;
      const searchKey = await interaction(list.page, () => search(list.page).press('7'));
      await open(detail, `${url}/devices/${deviceUuid}`, (page) => infoTab(page).waitFor());
      const tabClick = await interaction(detail.page, () => infoTab(detail.page).click());
      await open(plain, `${url}/bench/blank`, blankReady);
      const blankLcp = Number(await plain.page.evaluate('window.benchLcp'));
      const blankKey = await interaction(plain.page, () => plain.page.getByRole('searchbox').press('7'));
      const blankClick = await interaction(plain.page, () => plain.page.getByRole('button', { name: 'Next' }).click());
      rounds.push({
        devicesLcp,
        devicesLcpElement,
        devicesSlowestApiCall,
        blankLcp,
        searchKey,
        blankKey,
        tabClick,
        blankClick,
      });
    } finally {
      await Promise.all([list.close(), detail.close(), plain.close()]);
    }
  }
  const middle = (key: 'devicesLcp' | 'blankLcp' | 'searchKey' | 'blankKey' | 'tabClick' | 'blankClick') =>
    median(rounds.map((round) => round[key]));
  return {
    login,
    devices,
    device,
    blank,
    devicesLcp: middle('devicesLcp'),
    devicesLcpElement: rounds.at(-1)?.devicesLcpElement ?? '',
    devicesSlowestApiCall: rounds.at(-1)?.devicesSlowestApiCall ?? '',
    blankLcp: middle('blankLcp'),
    searchKey: middle('searchKey'),
    blankKey: middle('blankKey'),
    tabClick: middle('tabClick'),
    blankClick: middle('blankClick'),
  };
}

function report(f: Figures, browserVersion: string) {
  console.log(`\nweb app, ${DEVICES} devices, Chromium ${browserVersion} (median of ${ROUNDS} visits where timed)`);
  console.log('  JavaScript transferred on a cold cache, compressed bodies (with headers):');
  const line = (label: string, scripts: Scripts, budget?: number) =>
    console.log(
      `    ${label.padEnd(12)} ${kB(scripts.bytes)} (${kB(scripts.withHeaders)}) | blank page ${kB(f.blank.bytes)} ` +
        `(${kB(f.blank.withHeaders)})${budget ? ` (budget ${kB(budget)}: ${verdict(scripts.bytes <= budget)})` : ''}` +
        `${scripts.uncompressed > 0 ? `; ${scripts.uncompressed} scripts uncompressed` : ''}`,
    );
  line('/login:', f.login, 200_000);
  line('/devices:', f.devices, 300_000);
  line('device page:', f.device);
  console.log(`  with the CPU ${CPU_SLOWDOWN}x slower:`);
  console.log(
    `    largest contentful paint of /devices: ${ms(f.devicesLcp)} | blank page ${ms(f.blankLcp)} ` +
      `(target 2500 ms: ${verdict(f.devicesLcp <= 2500)})`,
  );
  console.log(`      painted: ${f.devicesLcpElement}; slowest API call: ${f.devicesSlowestApiCall}`);
  console.log(
    `    keypress in the device search to the next paint: ${ms(f.searchKey)} | blank page ${ms(f.blankKey)} ` +
      `(target 200 ms: ${verdict(f.searchKey <= 200)})`,
  );
  console.log(
    `    click on a device tab to the next paint: ${ms(f.tabClick)} | blank page ${ms(f.blankClick)} ` +
      `(target 200 ms: ${verdict(f.tabClick <= 200)})`,
  );
}

const webDistDir = await mkdtemp(join(tmpdir(), 'iot-bench-web-dist-'));
try {
  await buildWebApp(webDistDir);
  const product = await startProduct(webDistDir);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
  });
  try {
    report(await measure(browser, product), browser.version());
  } finally {
    await browser.close();
    await product.close();
  }
} finally {
  await rm(webDistDir, { recursive: true, force: true });
}
