import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '@iot/server';
import { hashPassword } from '@iot/server/passwords';
import { isValidImei } from '@iot/shared';
import { type DatabaseKind, openProduct } from './product.js';

const PASSWORD = 'a bench password';

export interface Figure {
  messages: number;
  seconds: number;
  p99Ms: number;
}
export const rate = (figure: Figure) => figure.messages / figure.seconds;

/** The `n`th valid IMEI (the 15th digit is the Luhn check digit). */
function imei(n: number): string {
  const body = String(35_000_000_000_000 + n);
  const digit = [...'0123456789'].find((check) => isValidImei(body + check));
  return body + digit;
}

/** Counters apart by more than any run sends, so that no run's message is a duplicate of another's. */
const SEQ_RANGE = 100_000_000;
let runs = 0;

/** Runs `ingest-client.ts` in a process of its own, as real senders would be. */
export async function client(options: object): Promise<Figure> {
  runs += 1;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      join(import.meta.dirname, 'ingest-client.ts'),
      JSON.stringify({ ...options, firstSeq: runs * SEQ_RANGE }),
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as Figure;
}

export async function startFleet(
  kind: DatabaseKind,
  prefix: string,
  devices: number,
  env: Record<string, string> = {},
) {
  const product = await openProduct(kind, prefix, env);
  const built = await buildApp({ config: product.config, database: product.database });
  const { app, services } = built;
  try {
    const staff = await services.usersRepo.insert({
      email: 'staff@example.com',
      passwordHash: await hashPassword(PASSWORD),
      role: 'product',
      language: 'en',
      emailConfirmed: true,
    });
    if (!staff) throw new Error('user not created');
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'staff@example.com', password: PASSWORD },
    });
    const authorization = `Bearer ${signIn.json().access_token}`;
    const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => {
      const response = await app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return response.json();
    };
    let created = 0;
    /** A business under the root with `count` GPS trackers (their IMEIs follow on from the previous business's). */
    const addBusiness = async (description: string, count: number) => {
      const businessId = (await call('POST', '/api/customer-business', { description }))._id as string;
      const uuids: string[] = [];
      for (let start = 0; start < count; start += 500) {
        const outcomes = (await call('POST', '/api/devices/from-scratch', {
          businessId,
          deviceType: 'gps-tracker',
          devices: Array.from({ length: Math.min(500, count - start) }, (_, index) => ({
            networkId: imei(created + start + index),
          })),
        })) as { results?: { uuid?: string }[] };
        uuids.push(...(outcomes.results ?? []).flatMap((outcome) => (outcome.uuid ? [outcome.uuid] : [])));
      }
      created += count;
      if (uuids.length !== count) throw new Error(`created ${uuids.length} devices of ${count}`);
      const { token } = await services.integrations.create(staff, businessId, { network: 'http', name: description });
      return { businessId, devices: uuids, token };
    };
    const fleet = await addBusiness('Fleet', devices);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const readingsCount = async () =>
      Number(
        (
          await product.database.db
            .selectFrom('readings')
            .select((eb) => eb.fn.countAll().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      );
    return {
      product,
      app,
      services,
      call,
      addBusiness,
      ...fleet,
      url,
      readingsCount,
      async close() {
        await app.close();
        await product.drop();
      },
    };
  } catch (error) {
    await app.close();
    await product.drop();
    throw error;
  }
}
