import { describe, expect, it } from 'vitest';
import { PacketRefusedError, packetSizeGuard } from './packet-size-guard.js';

const limits = { connectBytes: 1024, packetBytes: 4096 };

/** What the guard lets through of `chunks`, or the error it fails with. */
async function through(chunks: Buffer[]): Promise<Buffer | Error> {
  const guard = packetSizeGuard(limits);
  const passed: Buffer[] = [];
  guard.on('data', (chunk: Buffer) => passed.push(chunk));
  const ended = new Promise<Buffer | Error>((resolve) => {
    guard.on('end', () => resolve(Buffer.concat(passed)));
    guard.on('error', resolve);
  });
  for (const chunk of chunks) guard.write(chunk);
  guard.end();
  return ended;
}

/** A packet of `bodyBytes` after its fixed header (the guard reads nothing of the body). */
function packet(firstByte: number, bodyBytes: number): Buffer {
  const header = [firstByte];
  let left = bodyBytes;
  do {
    header.push((left % 128) | (left >= 128 ? 0x80 : 0));
    left = Math.floor(left / 128);
  } while (left > 0);
  return Buffer.concat([Buffer.from(header), Buffer.alloc(bodyBytes, 0x61)]);
}
const connect = packet(0x10, 40);
/** A PUBLISH of `bytes` in all, its fixed header of 3 bytes included. */
const publish = (bytes: number) => packet(0x30, bytes - 3);

describe('packetSizeGuard', () => {
  it('lets packets within the limits through whole, however the bytes are split', async () => {
    const stream = Buffer.concat([connect, publish(200), publish(4096), packet(0xc0, 0)]);
    expect(await through([stream])).toEqual(stream);
    const byteByByte = Array.from(stream, (byte) => Buffer.from([byte]));
    expect(await through(byteByByte)).toEqual(stream);
  });

  it('refuses a packet declared over its limit as soon as its fixed header is complete', async () => {
    // Its 3-byte fixed header alone is enough to refuse a PUBLISH of 4097 bytes.
    expect(await through([connect, publish(4097).subarray(0, 3)])).toBeInstanceOf(PacketRefusedError);
    expect(await through([connect, publish(4096)])).toBeInstanceOf(Buffer);
  });

  it('holds a CONNECT to its own, lower limit', async () => {
    expect(await through([packet(0x10, 1024 - 3)])).toBeInstanceOf(Buffer);
    expect(await through([packet(0x10, 1024 - 2).subarray(0, 3)])).toBeInstanceOf(PacketRefusedError);
  });

  it('refuses a remaining length longer than 4 bytes', async () => {
    expect(await through([Buffer.from([0x30, 0x80, 0x80, 0x80, 0x80, 0x01])])).toBeInstanceOf(PacketRefusedError);
  });
});
