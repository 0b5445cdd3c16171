import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, bytesToHex, hexToBytes } from './hex.js';

describe('payload encodings', () => {
  it('reads hex in either case and writes it lower-case', () => {
    expect([...hexToBytes('0367010aFF')]).toEqual([0x03, 0x67, 0x01, 0x0a, 0xff]);
    expect(bytesToHex(Uint8Array.of(0x03, 0x67, 0x01, 0x0a, 0xff))).toBe('0367010aff');
    expect(hexToBytes('')).toEqual(new Uint8Array(0));
  });

  it('refuses hex of odd length or with other characters', () => {
    expect(() => hexToBytes('036')).toThrow(/odd number of characters \(3\)/);
    expect(() => hexToBytes('03 67')).toThrow(RangeError);
    expect(() => hexToBytes('0x03')).toThrow(/character other than/);
    expect(() => hexToBytes('zz')).toThrow(/character other than/);
  });

  it('reads and writes padded standard base64', () => {
    expect(bytesToHex(base64ToBytes('A2cBEAVnAP8='))).toBe('03670110056700ff');
    expect(bytesToHex(base64ToBytes('AYgGdl/ylgoAA+g='))).toBe('018806765ff2960a0003e8');
    expect(bytesToBase64(hexToBytes('018806765ff2960a0003e8'))).toBe('AYgGdl/ylgoAA+g=');
    expect(base64ToBytes('')).toEqual(new Uint8Array(0));
  });

  it('refuses base64 that is unpadded, url-safe or not base64', () => {
    expect(() => base64ToBytes('A2cBEAVnAP8')).toThrow(RangeError);
    expect(() => base64ToBytes('AYgGdl_ylgoAA-g=')).toThrow(RangeError);
    expect(() => base64ToBytes('not base64!')).toThrow(/not padded standard base64/);
  });
});
