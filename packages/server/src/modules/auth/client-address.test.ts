import { describe, expect, it } from 'vitest';
import { throttledAddress } from './client-address.js';

describe('throttledAddress', () => {
  it('keeps an IPv4 address, also when mapped into IPv6', () => {
    expect(throttledAddress('192.0.2.7')).toBe('192.0.2.7');
    expect(throttledAddress('::ffff:192.0.2.7')).toBe('192.0.2.7');
  });

  it('counts an IPv6 address by its /64 prefix, however it is written', () => {
    const prefix = '2001:db8:0:1::/64';
    expect(throttledAddress('2001:db8:0:1::1')).toBe(prefix);
    expect(throttledAddress('2001:0db8:0000:0001:abcd:ef01:2345:6789')).toBe(prefix);
    expect(throttledAddress('2001:db8:0:1:ffff::')).toBe(prefix);
    expect(throttledAddress('2001:db8::1:0:0:1')).toBe('2001:db8:0:0::/64');
    expect(throttledAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(throttledAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttledAddress('64:ff9b::192.0.2.7')).toBe('64:ff9b:0:0::/64');
  });
});
