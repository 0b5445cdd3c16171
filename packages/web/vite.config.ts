import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const VENDORS = ['dots', 'drops'] as const;
type VendorId = (typeof VENDORS)[number];

interface VendorBuildInfo {
  title: string;
  primary: string;
}

const webRoot = import.meta.dirname;

/** The vendor variant of this build, from `VENDOR` (default `dots`); anything else stops the build. */
export function vendorId(env: NodeJS.ProcessEnv = process.env): VendorId {
  const value = env.VENDOR?.trim() || 'dots';
  if (!(VENDORS as readonly string[]).includes(value)) {
    throw new Error(`VENDOR must be one of ${VENDORS.join(', ')}; got "${value}"`);
  }
  return value as VendorId;
}

/** `@vendor` is the chosen vendor's folder and `@` the source root, in the build and in the unit tests alike. */
export function aliases(vendor: VendorId) {
  return {
    '@vendor': resolve(webRoot, 'src/vendors', vendor, 'index.ts'),
    '@': resolve(webRoot, 'src'),
  };
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** Fills the vendor's title, colour and icon into index.html before Vite resolves its asset links. */
function vendorHtml(vendor: VendorId): Plugin {
  const info = readJson<VendorBuildInfo>(resolve(webRoot, 'src/vendors', vendor, 'vendor.json'));
  return {
    name: 'iot:vendor-html',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html
          .replaceAll('%VENDOR_ID%', vendor)
          .replaceAll('%VENDOR_TITLE%', escapeHtml(info.title))
          .replaceAll('%VENDOR_PRIMARY%', escapeHtml(info.primary)),
    },
  };
}

/** `<package version>+<build time>`: the build's `version.json` and the app itself carry the same value. */
function buildVersion(): { version: string; builtAt: string } {
  const { version } = readJson<{ version: string }>(resolve(webRoot, 'package.json'));
  const builtAt = new Date().toISOString();
  const stamp = builtAt.replace(/\.\d+Z$/, '').replace(/\D/g, '');
  return { version: `${version}+${stamp}`, builtAt };
}

/** Writes `version.json` at the site root; the server and the app's new-version check read it. */
function versionFile(build: { version: string; builtAt: string }): Plugin {
  return {
    name: 'iot:version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify(build, null, 2)}\n` });
    },
  };
}

export default defineConfig(({ command }) => {
  const vendor = vendorId();
  const build = buildVersion();
  return {
    plugins: [react(), vendorHtml(vendor), versionFile(build)],
    resolve: { alias: aliases(vendor) },
    define: {
      // The dev server has no version.json to compare with, so it carries no version and never offers a reload.
      'import.meta.env.APP_VERSION': command === 'build' ? JSON.stringify(build.version) : 'undefined',
      'import.meta.env.HASH_ROUTER': JSON.stringify(process.env.HASH_ROUTER === 'true'),
    },
    // `npm run dev`: the API of a server started apart (`npm start`, port 3000 unless API_URL says otherwise).
    server: { proxy: { '/api': process.env.API_URL ?? 'http://localhost:3000' } },
    build: { chunkSizeWarningLimit: 700 },
  };
});
