import { describe, expect, it } from 'vitest';
import { parseMessage, translate } from './messages.js';
import { Imei, LoraEui, MacAddress, SigfoxId } from './schemas/devices.js';
import { CreateSignalRequest, SignalKey } from './schemas/signals.js';
import { issueMessage, nulPaths, withoutNul, z } from './validation.js';

const messageOf = (result: { error?: { issues: z.core.$ZodIssue[] } }) => {
  const issue = result.error?.issues[0];
  return issue ? issueMessage(issue) : undefined;
};

describe('issueMessage', () => {
  it('names the limit of a text that is too long, in every language', () => {
    const message = messageOf(CreateSignalRequest.safeParse({ key: 'k', name: 'n'.repeat(101), parameters: {} }));
    expect(message).toBe('validation.max_length?max=100');
    const parsed = parseMessage(message ?? '');
    expect(parsed && translate(parsed.code, 'en', parsed.params)).toBe('At most 100 characters');
    expect(parsed && translate(parsed.code, 'pt', parsed.params)).toBe('No máximo 100 caracteres');
  });

  it('keeps "Too long" where the limit is not a number of characters', () => {
    const tooMany = z.array(z.string()).max(1, { error: 'validation.too_long' });
    expect(messageOf(tooMany.safeParse(['a', 'b']))).toBe('validation.too_long');
  });

  it('keeps any other code, and words prose it does not know as an invalid value', () => {
    expect(messageOf(SignalKey.safeParse(''))).toBe('validation.required');
    expect(issueMessage({ code: 'custom', message: 'Expected string' })).toBe('validation.invalid');
  });
});

describe('the rules of keys and network ids', () => {
  it.each(['temperature', 'battery_voltage', 'a1'])('accepts the signal key %j', (key) =>
    expect(SignalKey.safeParse(key).success).toBe(true),
  );
  it.each(['Temperature', '1st', '_x', 'bad key', 'ação'])('refuses the signal key %j, saying the rule', (key) =>
    expect(messageOf(SignalKey.safeParse(key))).toBe('validation.signal_key'),
  );

  it.each([
    [LoraEui, '0004a30b-001c-0530', 'xyz', 'validation.lora_eui'],
    [MacAddress, 'aa:bb:cc:dd:ee:01', 'AA:BB:CC:DD:EE', 'validation.mac'],
    [SigfoxId, '1a2b3c', '1A2B3C4D5', 'validation.sigfox_id'],
    [Imei, '490154203237518', '490154203237519', 'validation.imei'],
  ] as const)(
    'reads a network id with separators and says what a wrong one should be (%#)',
    (schema, good, bad, code) => {
      expect(schema.safeParse(good).success).toBe(true);
      expect(messageOf(schema.safeParse(bad))).toBe(code);
    },
  );
});

describe('the NUL rule', () => {
  it('finds a NUL in any text, and in a key at the place of its object', () => {
    const body = { name: 'a\u0000b', tags: ['ok', '\u0000'], userData: { 'k\u0000': 1 }, count: 1 };
    expect(nulPaths(body).sort()).toEqual([['name'], ['tags', 1], ['userData']].sort());
    expect(nulPaths({ name: 'fine', list: [1, true, null] })).toEqual([]);
  });

  it('walks a body nested far deeper than the call stack', () => {
    let nested: unknown = '\u0000';
    for (let depth = 0; depth < 200_000; depth++) nested = [nested];
    expect(nulPaths(nested)[0]).toHaveLength(200_000);
  });

  it("refuses a NUL before the schema's own rules, as a message of its own", () => {
    const schema = withoutNul(z.object({ name: z.string().max(3) }));
    expect(schema.safeParse({ name: 'a\u0000bcdef' }).error?.issues).toMatchObject([
      { path: ['name'], message: 'validation.nul' },
    ]);
    expect(schema.safeParse({ name: 'abc' }).data).toEqual({ name: 'abc' });
  });
});
