/**
 * Payload text encodings of the networks: Sigfox callbacks and downlinks carry hex, LoRa network servers (ChirpStack,
 * The Things Stack) carry base64. Each refuses malformed text with a RangeError rather than guess at bytes.
 */

const HEX = /^(?:[0-9a-fA-F]{2})*$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function hexToBytes(hex: string): Uint8Array {
  if (hex.length % 2 !== 0) throw new RangeError(`Hex payload has an odd number of characters (${hex.length})`);
  if (!HEX.test(hex)) throw new RangeError('Hex payload has a character other than 0-9, a-f, A-F');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Lower-case, two characters a byte: the form of a Sigfox `downlinkData`. */
export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Standard base64 (RFC 4648 section 4) with its padding, as the LoRa network servers send it. */
export function base64ToBytes(base64: string): Uint8Array {
  if (!BASE64.test(base64)) throw new RangeError('Base64 payload is not padded standard base64');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

export function bytesToBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}
