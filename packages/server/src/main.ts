import { join } from 'node:path';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { type SeedResult, seedOnFirstStart } from './seed.js';

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
  await migrateToLatest(database.db);
  const seeded = await seedOnFirstStart(database.db, config);
  const { app } = await buildApp({ config, database });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`\n${banner(config, config.publicUrl, seeded)}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
