import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.js';
import { databaseKinds } from '../testing/test-database.js';
import { insertTracker } from '../testing/tracker.js';

/** The part of a JSON schema of the OpenAPI document that the bad requests are made from. */
interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minimum?: number;
  minLength?: number;
  minItems?: number;
  pattern?: string;
  required?: string[];
}

interface Operation {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/**
 * A text PostgreSQL cannot store, a whole number its `integer` columns cannot hold, and numbers its `bigint` columns
 * cannot hold (put in every field of type number, which may end in one).
 */
const WITH_NUL = 'a\u0000b';
const OVER_INTEGER_COLUMN = 2_147_483_648;
const NOT_FOR_BIGINT_COLUMNS = [1.5, 1e300];

type Path = (string | number)[];

/** Texts that the patterns of the document's fields take (a time, a phone number, a DevEUI, a colour, a hex frame...). */
const TEXTS_FOR_PATTERNS = [
  'abc',
  'temperature',
  '12:00',
  '912 345 678',
  '0004A30B001C0530',
  '#336699',
  '1A2B3C',
  '00ff',
  'A'.repeat(22),
  'A'.repeat(87),
];

/** A body of the schema's shape, with the places of its texts and whole numbers, to put the bad values in one by one. */
class SampleBody {
  readonly texts: Path[] = [];
  readonly integers: Path[] = [];
  readonly numbers: Path[] = [];
  /** Objects holding any keys (records): a bad key goes there. */
  readonly records: Path[] = [];

  constructor(
    private readonly document: OpenApiDocument,
    private readonly ids: { device: string },
    /** Leaves optional fields out, so that one this sample cannot fill right does not hide the bad value. */
    private readonly onlyRequired = false,
  ) {}

  sample(schema: JsonSchema, path: Path = [], depth = 0): unknown {
    if (depth > 12) return undefined;
    if (schema.$ref) {
      const name = schema.$ref.replace('#/components/schemas/', '');
      return this.sample(this.document.components?.schemas?.[name] ?? {}, path, depth + 1);
    }
    if (schema.const !== undefined) return schema.const;
    if (schema.enum) return schema.enum[0];
    if (schema.allOf) {
      return Object.assign({}, ...schema.allOf.map((part) => this.sample(part, path, depth + 1)));
    }
    const choices = schema.anyOf ?? schema.oneOf;
    if (choices) {
      const choice = choices.find((option) => option.type !== 'null') ?? choices[0] ?? {};
      return this.sample(choice, path, depth + 1);
    }
    const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== 'null') : schema.type;
    if (type === 'object' || schema.properties) {
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (this.onlyRequired && !schema.required?.includes(name)) continue;
        value[name] = this.sample(property, [...path, name], depth + 1);
      }
      if (typeof schema.additionalProperties === 'object' && !schema.properties) {
        this.records.push(path);
        value.key = this.sample(schema.additionalProperties, [...path, 'key'], depth + 1);
      }
      return value;
    }
    if (type === 'array') {
      if (schema.prefixItems)
        return schema.prefixItems.map((item, index) => this.sample(item, [...path, index], depth));
      const count = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: count }, (_, index) => this.sample(schema.items ?? {}, [...path, index], depth + 1));
    }
    if (type === 'integer' || type === 'number') {
      (type === 'integer' ? this.integers : this.numbers).push(path);
      return typeof schema.default === 'number' ? schema.default : (schema.minimum ?? 1);
    }
    if (type === 'boolean') return true;
    if (type === 'string') {
      this.texts.push(path);
      if (typeof schema.default === 'string') return schema.default;
      return this.text(schema);
    }
    return undefined;
  }

  private text(schema: JsonSchema): string {
    switch (schema.format) {
      case 'email':
        return 'someone@example.com';
      case 'uuid':
        return this.ids.device;
      case 'date':
        return '2026-01-01';
      case 'date-time':
        return '2026-01-01T00:00:00.000Z';
      case 'uri':
        return 'https://example.com/';
      default: {
        const plain = 'x'.repeat(Math.max(1, schema.minLength ?? 1));
        if (!schema.pattern) return plain;
        const pattern = new RegExp(schema.pattern);
        return TEXTS_FOR_PATTERNS.find((text) => pattern.test(text)) ?? plain;
      }
    }
  }
}

function withValueAt(body: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(body);
  let holder = copy as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) holder = holder[step] as Record<string | number, unknown>;
  holder[path[path.length - 1] as string | number] = value;
  return copy;
}

function withKeyAt(body: unknown, path: Path, key: string): unknown {
  const copy = structuredClone(body);
  let holder = copy as Record<string | number, unknown>;
  for (const step of path) holder = holder[step] as Record<string | number, unknown>;
  holder[key] = holder.key;
  delete holder.key;
  return copy;
}

interface BadRequest {
  what: string;
  method: string;
  url: string;
  payload?: unknown;
}

/**
 * Every bad request the OpenAPI document allows to make of one operation: each path parameter, query parameter and
 * text of the body with a NUL in it, each whole number over an `integer` column's range, each other number a fraction
 * or beyond a `bigint`; the rest as the schema asks.
 */
function badRequestsOf(
  document: OpenApiDocument,
  route: string,
  method: string,
  operation: Operation,
  ids: { business: string; device: string; email: string },
): BadRequest[] {
  const parameters = operation.parameters ?? [];
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
  const goodPathValue = (name: string) =>
    name === 'email' ? ids.email : route.includes('/devices/') || name === 'uuid' ? ids.device : ids.business;
  const urlOf = (pathValues: Record<string, string>, query: Record<string, string>) => {
    const path = route.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(pathValues[name] ?? goodPathValue(name)),
    );
    const search = new URLSearchParams(query).toString();
    return search ? `${path}?${search}` : path;
  };
  const goodQuery: Record<string, string> = {};
  for (const parameter of queryParameters.filter((parameter) => parameter.required)) {
    const value = new SampleBody(document, ids).sample(parameter.schema ?? {});
    goodQuery[parameter.name] = value === undefined ? 'x' : String(value);
  }
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const goodBody = bodySchema ? new SampleBody(document, ids).sample(bodySchema) : undefined;
  const request = (what: string, url: string, payload = goodBody): BadRequest => ({
    what,
    method: method.toUpperCase(),
    url,
    ...(payload === undefined ? {} : { payload }),
  });

  const requests: BadRequest[] = [];
  for (const parameter of pathParameters) {
    requests.push(request(`path ${parameter.name}`, urlOf({ [parameter.name]: WITH_NUL }, goodQuery)));
  }
  for (const parameter of queryParameters) {
    requests.push(request(`query ${parameter.name}`, urlOf({}, { ...goodQuery, [parameter.name]: WITH_NUL })));
    const type = parameter.schema?.type;
    if (type === 'integer') {
      const query = { ...goodQuery, [parameter.name]: String(OVER_INTEGER_COLUMN) };
      requests.push(request(`query ${parameter.name} too big`, urlOf({}, query)));
    }
  }
  const url = urlOf({}, goodQuery);
  for (const onlyRequired of bodySchema ? [false, true] : []) {
    const body = new SampleBody(document, ids, onlyRequired);
    const sample = body.sample(bodySchema ?? {});
    const what = (path: Path) => `body ${onlyRequired ? '(required fields) ' : ''}${path.join('.')}`;
    for (const path of body.texts) {
      requests.push(request(what(path), url, withValueAt(sample, path, WITH_NUL)));
    }
    for (const path of body.integers) {
      requests.push(request(`${what(path)} too big`, url, withValueAt(sample, path, OVER_INTEGER_COLUMN)));
    }
    for (const path of body.numbers) {
      for (const number of NOT_FOR_BIGINT_COLUMNS) {
        requests.push(request(`${what(path)} ${number}`, url, withValueAt(sample, path, number)));
      }
    }
    for (const path of body.records) {
      requests.push(request(`${what(path)} key`, url, withKeyAt(sample, path, WITH_NUL)));
    }
  }
  return requests;
}

describe.each(databaseKinds())('bad input on %s', (kind) => {
  let t: TestApp;
  let staffToken: string;
  let ids: { business: string; device: string; email: string };
  const staffEmail = 'staff@example.com';
  const password = 'password-1';

  beforeAll(async () => {
    t = await startTestApp(kind, { LOG_LEVEL: 'error' });
    await t.createUser(staffEmail, password, { role: 'product' });
    staffToken = await t.signIn(staffEmail, password);
    const tracker = await insertTracker(t.db);
    const device = await t.db
      .selectFrom('devices')
      .select('businessId')
      .where('id', '=', tracker.id)
      .executeTakeFirstOrThrow();
    ids = { business: device.businessId, device: tracker.id, email: staffEmail };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a NUL in a path id, a query or a text, in the asked language, with the field at fault', async () => {
    const cases: { request: InjectOptions; field: string }[] = [
      { request: { method: 'GET', url: '/api/devices/%00' }, field: 'uuid' },
      {
        request: { method: 'PATCH', url: '/api/rest-auth/user/', payload: { version: 1, firstName: 'a\u0000b' } },
        field: 'firstName',
      },
      { request: { method: 'POST', url: '/api/devices/filter', payload: { search: '\u0000' } }, field: 'search' },
      { request: { method: 'GET', url: '/api/users?search=%00' }, field: 'search' },
    ];
    for (const { request, field } of cases) {
      for (const [lang, text] of [
        ['en', 'Must not contain the NUL character.'],
        ['pt', 'Não pode conter o carácter NUL.'],
      ]) {
        const url = `${request.url}${String(request.url).includes('?') ? '&' : '?'}lang=${lang}`;
        const response = await t.request({ ...request, url, token: staffToken });
        expect(response.statusCode, `${request.method} ${url}: ${response.body}`).toBe(400);
        expect(response.json()).toMatchObject({ code: 'validation.failed', fields: { [field]: text } });
      }
    }
  });

  it('refuses a version that an integer column cannot hold, naming the field', async () => {
    const response = await t.request({
      method: 'PATCH',
      url: '/api/rest-auth/user/?lang=pt',
      token: staffToken,
      payload: { version: OVER_INTEGER_COLUMN, firstName: 'Ana' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation.failed', fields: { version: 'Valor inválido' } });
    const user = await t.request({ method: 'GET', url: '/api/users/staff@example.com', token: staffToken });
    expect(user.json().profile.firstName).not.toBe('Ana');
  });

  it('answers no 5xx to a NUL or an out-of-range number through any operation of the OpenAPI document', async () => {
    const document: OpenApiDocument = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const failures: string[] = [];
    let tried = 0;
    const stillSignedIn = async () =>
      (await t.request({ method: 'GET', url: '/api/push-notification/unread-count', token: staffToken })).statusCode ===
      200;
    for (const [route, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const bad of badRequestsOf(document, route, method, operation, ids)) {
          for (const signedIn of [true, false]) {
            const answer = () =>
              t.request({
                method: bad.method as InjectOptions['method'],
                url: bad.url,
                ...(bad.payload === undefined ? {} : { payload: bad.payload as InjectOptions['payload'] }),
                ...(signedIn ? { token: staffToken } : {}),
              });
            let response = await answer();
            // A request that got through may have signed the staff user out (sign-out, password change).
            if (signedIn && response.statusCode === 401 && !(await stillSignedIn())) {
              staffToken = await t.signIn(staffEmail, password);
              response = await answer();
            }
            tried++;
            if (response.statusCode >= 500) {
              failures.push(
                `${signedIn ? 'staff' : 'anonymous'} ${bad.method} ${bad.url} (${bad.what}): ${response.statusCode}`,
              );
            }
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 120_000);
});
