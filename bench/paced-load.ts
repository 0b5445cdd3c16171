/**
 * An open-loop load at a fixed rate, for "p99 at N requests per second": request i is due at start + i / rate, is sent
 * then whether or not earlier ones were answered, and its latency counts from when it was due (a request that waits
 * for a free connection, or for this process's timer, waits in its latency too). The first second is sent and not
 * counted: this process's own start (connections opened, code compiled) made its first 60 requests 20-45 ms late
 * against a bare route. Runs in its own process:
 * `tsx paced-load.ts '<json options>'`; prints `{ perSecond, p99, failed }` as JSON.
 *
 * Why not autocannon's `-R`: it lets each connection send its share of a second's requests as fast as they are
 * answered from the start of every second and then wait for the next one. That is a burst at full speed once a second,
 * so its p99 is the latency of a saturated server: measured, a bare route answering a fixed page had p99 41 ms at
 * "1,000 requests/s" that way.
 */
import { build } from 'hdr-histogram-js';
import { Pool } from 'undici';

export interface PacedLoadOptions {
  url: string;
  rate: number;
  seconds: number;
  connections: number;
  method: 'GET' | 'POST';
  body?: string;
  headers: Record<string, string>;
}

const options = JSON.parse(process.argv[2] ?? '{}') as PacedLoadOptions;
const target = new URL(options.url);
const pool = new Pool(target.origin, { connections: options.connections });
// Microseconds, up to a minute.
const latencies = build({
  lowestDiscernibleValue: 1,
  highestTrackableValue: 60_000_000,
  numberOfSignificantValueDigits: 3,
});
const UNCOUNTED_SECONDS = 1;
const interval = 1000 / options.rate;
const uncounted = Math.round(options.rate * UNCOUNTED_SECONDS);
const total = uncounted + Math.round(options.rate * options.seconds);
let sent = 0;
let answered = 0;
let failed = 0;

const started = performance.now();
await new Promise<void>((resolve) => {
  const send = (due: number, counted: boolean) => {
    pool
      .request({
        path: target.pathname + target.search,
        method: options.method,
        headers: options.headers,
        body: options.body,
      })
      .then(async (response) => {
        await response.body.dump();
        if (response.statusCode >= 300) failed++;
        if (counted) latencies.recordValue(Math.max(1, Math.round((performance.now() - due) * 1000)));
      })
      .catch(() => failed++)
      .finally(() => {
        if (++answered === total) resolve();
      });
  };
  const tick = () => {
    const due = Math.min(total, Math.floor((performance.now() - started) / interval) + 1);
    for (; sent < due; sent++) send(started + sent * interval, sent >= uncounted);
    if (sent < total) setTimeout(tick, 1);
  };
  tick();
});
const elapsed = (performance.now() - started) / 1000 - UNCOUNTED_SECONDS;
await pool.close();
console.log(
  JSON.stringify({
    perSecond: (total - uncounted) / elapsed,
    p99: latencies.getValueAtPercentile(99) / 1000,
    failed,
  }),
);
