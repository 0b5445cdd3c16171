// `npm run simulate`: plays the demo devices against a running server, on its database (same DATA_DIR or
// DATABASE_URL), until Ctrl-C. Start the server with SIMULATE=false then, or both would replace each other's tokens.
import { type Config, ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import type { SimulatorLog } from './runner.js';
import { loopbackUrl, startSimulator } from './start-in-process.js';

/** fetch says only "fetch failed"; the refused connection behind it is in its cause. */
const describe = (error: Error): string =>
  error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;

const print =
  (write: (line: string) => void) =>
  (details: object, message: string): void => {
    const extra = Object.entries(details)
      .map(([key, value]) => `${key}=${value instanceof Error ? describe(value) : JSON.stringify(value)}`)
      .join(' ');
    write(`${new Date().toISOString()} ${message}${extra ? `  ${extra}` : ''}`);
  };
const log: SimulatorLog = { info: print(console.log), warn: print(console.warn) };

function baseUrlOf(config: Config): string {
  // PUBLIC_URL is where users reach the server; without it the server is on this machine at PORT.
  return process.env.PUBLIC_URL ? config.publicUrl : loopbackUrl('http', config.host, config.port);
}

async function main() {
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    const baseUrl = baseUrlOf(config);
    const simulator = await startSimulator({ config, db: database.db, baseUrl, log });
    console.log(`Simulating the demo devices against ${baseUrl}; Ctrl-C stops.`);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await simulator.stop();
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
});
