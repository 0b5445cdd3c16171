import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { InfoResponse } from '@iot/shared';

function readVersion(file: string): string | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
    return typeof parsed.version === 'string' ? parsed.version : undefined;
  } catch {
    return undefined;
  }
}

/** The deployed web app's version (its `version.json`, else the product's) and the server's own. */
export function readVersions(webDistDir: string): InfoResponse {
  const serverVersion = readVersion(resolve(import.meta.dirname, '../package.json')) ?? '0.0.0';
  const productVersion = readVersion(resolve(import.meta.dirname, '../../../package.json')) ?? serverVersion;
  return { version: readVersion(join(webDistDir, 'version.json')) ?? productVersion, serverVersion };
}
