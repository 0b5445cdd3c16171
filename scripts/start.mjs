// `npm start`: builds the web app when it has not been built yet, then runs the server (SQLite, mail to the outbox)
// with the device simulator on, so the demo devices report (SIMULATE=false in the environment turns it off).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let status = 0;
if (!existsSync(join(root, 'packages/web/dist/index.html'))) {
  console.log('Building the web app (first start)...');
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
