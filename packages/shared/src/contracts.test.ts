import { describe, expect, it } from 'vitest';
import {
  type ContractStanding,
  contractGrants,
  contractReaches,
  contractState,
  creditPeriodAt,
  creditsLeft,
  creditsMetered,
  firstCreditPeriod,
  periodLimitApplies,
  tokenPeriodMs,
  usageLicenseExpired,
  validTokenCapabilities,
} from './contracts.js';

const DAY = 86_400_000;
const utc = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h);
const iso = (period: { start: number; end: number } | null | undefined) =>
  period && [new Date(period.start).toISOString().slice(0, 10), new Date(period.end).toISOString().slice(0, 10)];

describe('firstCreditPeriod', () => {
  it('is the calendar period (UTC) the start falls in: day, week from Monday, month, year', () => {
    // 10 March 2026 is a Tuesday.
    const start = utc(2026, 3, 10, 15);
    expect(iso(firstCreditPeriod('daily', start))).toEqual(['2026-03-10', '2026-03-11']);
    expect(iso(firstCreditPeriod('weekly', start))).toEqual(['2026-03-09', '2026-03-16']);
    expect(iso(firstCreditPeriod('monthly', start))).toEqual(['2026-03-01', '2026-04-01']);
    expect(iso(firstCreditPeriod('yearly', start))).toEqual(['2026-01-01', '2027-01-01']);
    // A Sunday belongs to the week that began on the Monday before it.
    expect(iso(firstCreditPeriod('weekly', utc(2026, 3, 15, 23)))).toEqual(['2026-03-09', '2026-03-16']);
  });

  it('has none when periods are disabled or custom (a custom one is given whole)', () => {
    expect(firstCreditPeriod('disabled', utc(2026, 1, 1))).toBeNull();
    expect(firstCreditPeriod('custom', utc(2026, 1, 1))).toBeNull();
  });

  it('gives a month begun on its last days the whole month, February included', () => {
    expect(iso(firstCreditPeriod('monthly', utc(2026, 1, 31)))).toEqual(['2026-01-01', '2026-02-01']);
    expect(iso(firstCreditPeriod('monthly', utc(2028, 2, 29)))).toEqual(['2028-02-01', '2028-03-01']);
    expect(iso(firstCreditPeriod('monthly', utc(2026, 12, 31, 23)))).toEqual(['2026-12-01', '2027-01-01']);
  });
});

describe('creditPeriodAt', () => {
  const current = (type: 'daily' | 'weekly' | 'monthly' | 'yearly', start: number) =>
    firstCreditPeriod(type, start) ?? expect.unreachable();

  it('keeps the period while `at` is inside it', () => {
    const period = current('daily', utc(2026, 5, 1));
    expect(creditPeriodAt('daily', period, utc(2026, 5, 1, 23))).toBe(period);
  });

  it.each([
    ['daily', utc(2026, 5, 1), utc(2026, 5, 2), ['2026-05-02', '2026-05-03']],
    ['daily', utc(2026, 5, 1), utc(2026, 5, 9, 12), ['2026-05-09', '2026-05-10']],
    ['weekly', utc(2026, 5, 1), utc(2026, 5, 4), ['2026-05-04', '2026-05-11']],
    ['weekly', utc(2026, 5, 1), utc(2026, 5, 30), ['2026-05-25', '2026-06-01']],
    ['monthly', utc(2026, 5, 15), utc(2026, 6, 15), ['2026-06-01', '2026-07-01']],
    ['monthly', utc(2026, 10, 15), utc(2027, 2, 1), ['2027-02-01', '2027-03-01']],
    ['yearly', utc(2026, 5, 15), utc(2027, 5, 15), ['2027-01-01', '2028-01-01']],
    ['yearly', utc(2020, 5, 15), utc(2026, 5, 14), ['2026-01-01', '2027-01-01']],
  ] as const)(
    'rolls a %s period from %s on to the one of %s, several missed periods at once',
    (type, start, at, expected) => {
      expect(iso(creditPeriodAt(type, current(type, start), at))).toEqual(expected);
    },
  );

  it('rolls months through February without drifting, in leap years too', () => {
    const january = current('monthly', utc(2026, 1, 31));
    expect(iso(creditPeriodAt('monthly', january, utc(2026, 2, 28)))).toEqual(['2026-02-01', '2026-03-01']);
    expect(iso(creditPeriodAt('monthly', january, utc(2026, 3, 31)))).toEqual(['2026-03-01', '2026-04-01']);
    const leap = current('monthly', utc(2028, 1, 29));
    expect(iso(creditPeriodAt('monthly', leap, utc(2028, 2, 29)))).toEqual(['2028-02-01', '2028-03-01']);
    const daily = current('daily', utc(2028, 2, 28));
    expect(iso(creditPeriodAt('daily', daily, utc(2028, 2, 29, 10)))).toEqual(['2028-02-29', '2028-03-01']);
  });

  it('does not roll disabled or custom periods', () => {
    const period = { start: utc(2026, 1, 1), end: utc(2026, 2, 1) };
    expect(creditPeriodAt('disabled', period, utc(2026, 6, 1))).toBeUndefined();
    expect(creditPeriodAt('custom', period, utc(2026, 6, 1))).toBeUndefined();
  });
});

const standing = (values: Partial<ContractStanding> = {}): ContractStanding => ({
  purchasedAt: utc(2026, 1, 1),
  expiresAt: null,
  creditPeriodType: 'disabled',
  periodStart: null,
  periodEnd: null,
  creditsTotal: 0,
  creditsSpent: 0,
  creditsCarved: 0,
  creditLimitForPeriod: 0,
  spentInPeriod: 0,
  tokensTotal: 0,
  tokensSpent: 0,
  tokensInUse: 0,
  ...values,
});

describe('contractState', () => {
  const at = utc(2026, 6, 15);
  const month = { creditPeriodType: 'monthly' as const, periodStart: utc(2026, 6, 1), periodEnd: utc(2026, 7, 1) };

  it('is purchase for a bought contract with room left and far from its end', () => {
    expect(contractState(standing({ expiresAt: at + 31 * DAY, creditsTotal: 100, creditsSpent: 89 }), at)).toBe(
      'purchase',
    );
  });

  it('is pending until bought', () => {
    expect(contractState(standing({ purchasedAt: null }), at)).toBe('pending');
  });

  it('is about to expire within 30 days of its end', () => {
    expect(contractState(standing({ expiresAt: at + 30 * DAY }), at)).toBe('about_to_expire');
    expect(contractState(standing({ expiresAt: at + 30 * DAY + 1 }), at)).toBe('purchase');
  });

  it('is reaching its limit at 90 % of the period limit, of the credits (carved ones count), or of the tokens', () => {
    expect(contractState(standing({ ...month, creditLimitForPeriod: 10, spentInPeriod: 9 }), at)).toBe(
      'reaching_limit',
    );
    expect(contractState(standing({ creditsTotal: 100, creditsSpent: 50, creditsCarved: 40 }), at)).toBe(
      'reaching_limit',
    );
    expect(contractState(standing({ tokensTotal: 10, tokensInUse: 9 }), at)).toBe('reaching_limit');
    expect(contractState(standing({ tokensTotal: 10, tokensSpent: 9 }), at)).toBe('reaching_limit');
    expect(contractState(standing({ tokensTotal: 10, tokensInUse: 8 }), at)).toBe('purchase');
    // Reaching a limit weighs more than the end coming.
    expect(contractState(standing({ expiresAt: at + DAY, tokensTotal: 10, tokensInUse: 9 }), at)).toBe(
      'reaching_limit',
    );
  });

  it("is period over-usage when the period's spending passed its limit, only while the period lasts", () => {
    const over = standing({ ...month, creditLimitForPeriod: 10, spentInPeriod: 11 });
    expect(contractState(over, at)).toBe('period_over_usage');
    expect(contractState(over, utc(2026, 7, 1))).toBe('purchase');
  });

  it('is expired from its expiration on, before anything else', () => {
    expect(contractState(standing({ expiresAt: at, purchasedAt: null }), at)).toBe('expired');
    expect(contractState(standing({ expiresAt: at - 1, ...month, spentInPeriod: 50 }), at)).toBe('expired');
  });
});

describe('credits', () => {
  it('meters a contract with credits or a period, not one without either', () => {
    expect(creditsMetered({ creditsTotal: 0, creditPeriodType: 'disabled' })).toBe(false);
    expect(creditsMetered({ creditsTotal: 5, creditPeriodType: 'disabled' })).toBe(true);
    expect(creditsMetered({ creditsTotal: 0, creditPeriodType: 'daily' })).toBe(true);
  });

  it('leaves what was neither spent nor carved, below 0 after over-usage', () => {
    expect(creditsLeft({ creditsTotal: 100, creditsSpent: 30, creditsCarved: 20 })).toBe(50);
    expect(creditsLeft({ creditsTotal: 10, creditsSpent: 12, creditsCarved: 0 })).toBe(-2);
  });

  it('applies the period limit only inside the period', () => {
    const period = { creditPeriodType: 'custom' as const, periodStart: utc(2026, 1, 1), periodEnd: utc(2026, 2, 1) };
    expect(periodLimitApplies(standing(period), utc(2026, 1, 1))).toBe(true);
    expect(periodLimitApplies(standing(period), utc(2026, 2, 1))).toBe(false);
    expect(periodLimitApplies(standing({ ...period, creditPeriodType: 'disabled' }), utc(2026, 1, 5))).toBe(false);
  });
});

describe('grants, reach, tokens and licenses', () => {
  it('grants once bought and until it expires', () => {
    expect(contractGrants({ purchasedAt: null, expiresAt: null }, 0)).toBe(false);
    expect(contractGrants({ purchasedAt: 1, expiresAt: null }, 5)).toBe(true);
    expect(contractGrants({ purchasedAt: 1, expiresAt: 5 }, 5)).toBe(false);
  });

  it('reaches its holder and as many levels below as inheritable (null: all)', () => {
    expect(contractReaches(2, 0, 2)).toBe(true);
    expect(contractReaches(2, 0, 3)).toBe(false);
    expect(contractReaches(2, 1, 3)).toBe(true);
    expect(contractReaches(2, null, 9)).toBe(true);
    expect(contractReaches(2, null, 1)).toBe(false);
  });

  it('lets external only stand alone; the offers combine freely', () => {
    expect(validTokenCapabilities(['EXTERNAL_ONLY'])).toBe(true);
    expect(validTokenCapabilities(['EXTERNAL_ONLY', 'G-PPU'])).toBe(false);
    expect(validTokenCapabilities(['G-PPU', 'H-PPU', 'A-PPU', 'H-UNL'])).toBe(true);
    expect(validTokenCapabilities([])).toBe(true);
  });

  it('measures token periods in days', () => {
    expect(tokenPeriodMs(365)).toBe(365 * DAY);
  });

  it('ends a usage license at its end date; an open-ended one never', () => {
    expect(usageLicenseExpired({ endsAt: null }, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(usageLicenseExpired({ endsAt: 10 }, 10)).toBe(true);
    expect(usageLicenseExpired({ endsAt: 10 }, 9)).toBe(false);
  });
});
