import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { InfoResponse } from '@iot/shared';

function readField(file: string, field: 'version' | 'product'): string | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const value = parsed[field];
    return typeof value === 'string' && value.trim() ? value : undefined;
  } catch {
    return undefined;
  }
}

const readVersion = (file: string) => readField(file, 'version');

/** The product name of the vendor the deployed web app was built for (its `version.json`), if it says. */
export function builtProductName(webDistDir: string): string | undefined {
  return readField(join(webDistDir, 'version.json'), 'product');
}

/** The deployed web app's version (its `version.json`, else the product's) and the server's own. */
export function readVersions(webDistDir: string): Pick<InfoResponse, 'version' | 'serverVersion'> {
  const serverVersion = readVersion(resolve(import.meta.dirname, '../package.json')) ?? '0.0.0';
  const productVersion = readVersion(resolve(import.meta.dirname, '../../../package.json')) ?? serverVersion;
  return { version: readVersion(join(webDistDir, 'version.json')) ?? productVersion, serverVersion };
}
