import { describe, expect, it } from 'vitest';
import { counterClaims } from './store.js';

describe('counterClaims', () => {
  it('records the first uplink of each counter, device by device', () => {
    const claims = counterClaims([
      { deviceKey: 1, counter: 7, digest: 100 },
      { deviceKey: 2, counter: 7, digest: 200 },
      { deviceKey: 1, counter: 7, digest: 101 },
      { deviceKey: 1, counter: 8, digest: 102 },
    ]);
    expect(claims.first).toEqual([
      { deviceKey: 1, counter: 7, digest: 100 },
      { deviceKey: 2, counter: 7, digest: 200 },
      { deviceKey: 1, counter: 8, digest: 102 },
    ]);
  });

  it('tells a claimed counter new once, a resend in the same batch a duplicate, and other content under it new', () => {
    const claims = counterClaims([
      { deviceKey: 1, counter: 7, digest: 100 },
      { deviceKey: 1, counter: 7, digest: 100 },
      { deviceKey: 1, counter: 7, digest: 101 },
    ]);
    claims.claimed(1, 7);
    expect(claims.take(1, 7, 100)).toBe(true);
    expect(claims.take(1, 7, 100)).toBe(false);
    expect(claims.take(1, 7, 101)).toBe(true);
  });

  it('tells a counter the database kept (seen within the window, same content) a duplicate, other content new', () => {
    const claims = counterClaims([
      { deviceKey: 1, counter: 7, digest: 100 },
      { deviceKey: 1, counter: 7, digest: 101 },
      { deviceKey: 2, counter: 7, digest: 100 },
    ]);
    claims.claimed(2, 7);
    expect(claims.take(1, 7, 100)).toBe(false);
    expect(claims.take(1, 7, 101)).toBe(true);
    expect(claims.take(2, 7, 100)).toBe(true);
  });
});
