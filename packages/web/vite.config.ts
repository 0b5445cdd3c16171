import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip as gzipCallback, constants as zlibConstants } from 'node:zlib';
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

const vendorBuildInfo = (vendor: VendorId) =>
  readJson<VendorBuildInfo>(resolve(webRoot, 'src/vendors', vendor, 'vendor.json'));

/** Fills the vendor's title, colour and icon into index.html before Vite resolves its asset links. */
function vendorHtml(vendor: VendorId): Plugin {
  const info = vendorBuildInfo(vendor);
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

/**
 * Writes `version.json` at the site root; the server and the app's new-version check read it. It names the vendor
 * and its product too, so the server that serves this build calls the product by that name.
 */
function versionFile(build: { version: string; builtAt: string; vendor: VendorId; product: string }): Plugin {
  return {
    name: 'iot:version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify(build, null, 2)}\n` });
    },
  };
}

/**
 * Texts whose key starts with one of these (and a dot) are all the sign-in pages and the app's frame around every
 * page (cookie banner, errors, loading, new-version offer) show: they come with the first load, the others with the
 * shell (`loadShellTexts`).
 */
const START_TEXT_PREFIXES = [
  'app',
  'auth',
  'confirmEmail',
  'cookies',
  'errorPage',
  'errors',
  'fields',
  'forgot',
  'language',
  'login',
  'notAvailable',
  'planLimit',
  'reset',
  'route',
  'routeError',
  'signUp',
  'vendor',
  'version',
];
const isStartText = (key: string) => START_TEXT_PREFIXES.some((prefix) => key.startsWith(`${prefix}.`));

/**
 * `<texts>.json?texts=start` and `?texts=rest`: a texts file's first-load part and the rest of it, so the sign-in
 * pages carry none of the screens' texts. With `split: false` (the unit tests, which render any screen without the
 * shell) the first part has every text and the rest is empty.
 */
export function textParts({ split = true }: { split?: boolean } = {}): Plugin {
  return {
    name: 'iot:text-parts',
    enforce: 'pre',
    async load(id) {
      const match = /^(.+\.json)\?texts=(start|rest)$/.exec(id);
      if (!match?.[1]) return null;
      this.addWatchFile(match[1]);
      const texts = JSON.parse(await readFile(match[1], 'utf8')) as Record<string, string>;
      const inStart = (key: string) => !split || isStartText(key);
      const part = Object.entries(texts).filter(([key]) => inStart(key) === (match[2] === 'start'));
      // As Vite writes a large JSON module: a JSON text parses faster than the same object written in JavaScript.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(Object.fromEntries(part)))});`;
    },
  };
}

const FRAMEWORK_MODULES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-i18next|i18next|@tanstack[\\/](query-core|react-query)|@emotion[\\/][^\\/]+|stylis|zod|@mui[\\/](system|utils|styled-engine|private-theming))[\\/]/;

const compressibleFile = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/**
 * Writes a `.br` and a `.gz` beside each text file of the build, at the highest levels, once: the server sends them as
 * they are instead of compressing each answer.
 */
function precompressedFiles(): Plugin {
  return {
    name: 'iot:precompressed-files',
    apply: 'build',
    async writeBundle({ dir }) {
      if (!dir) return;
      const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) =>
        compressibleFile.test(file),
      );
      // zlib's asynchronous calls run on the thread pool, so the files are compressed side by side.
      await Promise.all(
        files.map(async (file) => {
          const path = join(dir, file);
          const content = await readFile(path);
          const brotliParams = {
            [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
          };
          await writeFile(`${path}.br`, await brotli(content, { params: brotliParams }));
          await writeFile(`${path}.gz`, await gzip(content, { level: zlibConstants.Z_BEST_COMPRESSION }));
        }),
      );
    },
  };
}

export default defineConfig(({ command }) => {
  const vendor = vendorId();
  const build = buildVersion();
  return {
    plugins: [
      react(),
      textParts(),
      vendorHtml(vendor),
      versionFile({ ...build, vendor, product: vendorBuildInfo(vendor).title }),
      precompressedFiles(),
    ],
    resolve: { alias: aliases(vendor) },
    define: {
      // The dev server has no version.json to compare with, so it carries no version and never offers a reload.
      'import.meta.env.APP_VERSION': command === 'build' ? JSON.stringify(build.version) : 'undefined',
      'import.meta.env.HASH_ROUTER': JSON.stringify(process.env.HASH_ROUTER === 'true'),
    },
    // `npm run dev`: the API of a server started apart (`npm start`, port 3000 unless API_URL says otherwise).
    server: { proxy: { '/api': process.env.API_URL ?? 'http://localhost:3000' } },
    build: {
      chunkSizeWarningLimit: 700,
      rolldownOptions: {
        output: {
          // The libraries every screen runs on go out as one file: as dozens of small shared chunks, each request's
          // headers weighed more than a tenth of the sign-in page's scripts.
          codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK_MODULES }] },
        },
      },
    },
  };
});
