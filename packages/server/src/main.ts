import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { type SeedResult, seedOnFirstStart } from './seed.js';
import { loopbackUrl, startSimulator } from './simulator/start-in-process.js';

function banner(config: Config, url: string, seeded: SeedResult | undefined): string {
  const lines = [`${config.productName} is running at ${url}  (API docs: ${url}/api/docs)`];
  if (seeded) {
    const { admin } = seeded;
    lines.push(
      `Sign in as ${admin.email} with the password ${admin.password}${admin.generated ? '  (generated: shown only this once)' : ''}`,
    );
    if (seeded.demoUsers.length > 0) {
      const emails = seeded.demoUsers.map((user) => user.email).join(', ');
      lines.push(`Demo users ${emails} share the password ${seeded.demoUsers[0]?.password}`);
    }
  } else {
    lines.push(
      `Sign in as ${config.adminEmail} with the password shown at the first start.`,
      `Lost it? Use "Forgot your password?" on the sign-in page; ${config.smtpUrl ? 'the mail goes through SMTP_URL' : `the mail is written to ${join(config.dataDir, 'outbox')}`}.`,
    );
  }
  return lines.join('\n');
}

async function main() {
  const config = loadConfig();
  const database = openDatabase(config);
  let app: Awaited<ReturnType<typeof buildApp>>['app'] | undefined;
  let services: Awaited<ReturnType<typeof buildApp>>['services'] | undefined;
  let simulator: { stop(): Promise<void> } | undefined;
  try {
    await migrateToLatest(database.db);
    const seeded = await seedOnFirstStart(database.db, config);
    await database.refreshStatistics();
    ({ app, services } = await buildApp({ config, database }));
    await app.listen({ port: config.port, host: config.host });
    if (config.simulate) {
      // The server's own address, not PUBLIC_URL: a proxy in front may not be reachable from here.
      const { port } = app.server.address() as AddressInfo;
      const { log } = app;
      simulator = await startSimulator({
        config,
        db: database.db,
        baseUrl: loopbackUrl('http', config.host, port),
        // The port the embedded broker took (MQTT_PORT=0 takes any free one).
        mqttPort: services.mqtt.port,
        log,
      }).catch((error: unknown) => {
        // The demo's devices going quiet is no reason to refuse to serve.
        log.error({ err: error }, 'device simulator not started');
        return undefined;
      });
    }
    // Last, so the once-only admin password is not scrolled away by what starting logged.
    console.log(`\n${banner(config, config.publicUrl, seeded)}\n`);
  } catch (error) {
    // Close what was opened, so the process ends instead of waiting on a pool or a socket.
    await simulator?.stop();
    await app?.close();
    await database.close();
    throw error;
  }

  const running = app;
  // Once the server and the database are closed nothing is left to wait for, and the process ends by itself.
  const shutdown = async (signal: string) => {
    running.log.info({ signal }, 'shutting down');
    await simulator?.stop();
    await running.close();
    await database.close();
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
});
