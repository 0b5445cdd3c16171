import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { PacedLoadOptions } from './paced-load.js';

const pacedLoadScript = fileURLToPath(new URL('./paced-load.ts', import.meta.url));

/** `paced-load.ts` in its own process: requests arriving evenly at `rate` a second for `seconds`. */
export async function pacedLoad(options: Omit<PacedLoadOptions, 'connections'>) {
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--import',
    'tsx',
    pacedLoadScript,
    JSON.stringify({ ...options, connections: 50 } satisfies PacedLoadOptions),
  ]);
  const result = JSON.parse(stdout) as { perSecond: number; p99: number; failed: number };
  if (result.failed > 0) throw new Error(`${options.url}: ${result.failed} failed`);
  return result;
}
