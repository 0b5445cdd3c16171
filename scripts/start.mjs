// `npm start`: builds the web app when it has not been built yet, then runs the server (SQLite, mail to the outbox)
// with the device simulator on, so the demo devices report (SIMULATE=false in the environment turns it off).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The vendor the built web app is of (its `version.json`); the server names the product after it. */
function builtVendor() {
  try {
    return JSON.parse(readFileSync(join(root, 'packages/web/dist/version.json'), 'utf8')).vendor ?? 'dots';
  } catch {
    return undefined;
  }
}

let status = 0;
const vendor = process.env.VENDOR?.trim();
if (!existsSync(join(root, 'packages/web/dist/index.html'))) {
  console.log('Building the web app (first start)...');
  status = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' }).status ?? 1;
} else if (vendor && builtVendor() !== vendor) {
  // `VENDOR=drops npm start` after a dots build: serve the variant asked for, not the one left from before.
  console.log(`Building the web app for ${vendor}...`);
  status = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' }).status ?? 1;
}
if (status === 0) {
  status =
    spawnSync(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, SIMULATE: process.env.SIMULATE || 'true' },
    }).status ?? 0;
}
process.exitCode = status;
