import type { Socket } from 'node:net';
import { Duplex, pipeline, Transform, type TransformCallback } from 'node:stream';

export interface PacketSizeLimits {
  /** The largest CONNECT, fixed header included. */
  connectBytes: number;
  /** The largest packet of any other type, fixed header included. */
  packetBytes: number;
}

/** A packet declared larger than allowed, or a fixed header that is not MQTT: the connection is closed. */
export class PacketRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PacketRefusedError';
  }
}

const CONNECT = 1;
/** The remaining length takes at most 4 bytes of 7 bits each (MQTT 3.1.1 section 2.2.3). */
const MAX_LENGTH_BYTES = 4;

/**
 * Follows MQTT's framing on the bytes a connection sends and fails as soon as a fixed header declares a packet larger
 * than allowed, before its body arrives. aedes' parser (mqtt-packet) has no size limit: it buffers a packet of any
 * declared size, up to 256 MB, before anything of it, even the credentials of a CONNECT, is checked.
 */
export function packetSizeGuard(limits: PacketSizeLimits): Transform {
  // The packet being read: its type, the remaining length so far and its bytes, then the body bytes still to come.
  let type = -1;
  let length = 0;
  let lengthBytes = 0;
  let bodyLeft = 0;

  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      let offset = 0;
      while (offset < chunk.length) {
        if (bodyLeft > 0) {
          const passed = Math.min(bodyLeft, chunk.length - offset);
          bodyLeft -= passed;
          offset += passed;
          continue;
        }
        const byte = chunk[offset++] as number;
        if (type < 0) {
          type = byte >> 4;
          continue;
        }
        length += (byte & 0x7f) * 128 ** lengthBytes;
        lengthBytes++;
        if (byte & 0x80) {
          if (lengthBytes === MAX_LENGTH_BYTES) return done(new PacketRefusedError('malformed remaining length'));
          continue;
        }
        const size = 1 + lengthBytes + length;
        const limit = type === CONNECT ? Math.min(limits.connectBytes, limits.packetBytes) : limits.packetBytes;
        if (size > limit) return done(new PacketRefusedError(`packet of ${size} bytes declared, at most ${limit}`));
        bodyLeft = length;
        type = -1;
        length = 0;
        lengthBytes = 0;
      }
      done(null, chunk);
    },
  });
}

/**
 * The connection aedes reads and writes: the socket's bytes through `packetSizeGuard`, its answers straight to the
 * socket. A refused packet destroys the socket at once, so the rest of it is never read.
 */
class GuardedConnection extends Duplex {
  constructor(
    private readonly socket: Socket,
    private readonly guard: Transform,
  ) {
    super({ allowHalfOpen: false });
    // pipeline destroys the socket when the guard fails, and tells of a socket that failed or closed too early.
    pipeline(socket, guard, (error) => {
      if (error) this.destroy(error);
    });
    guard.on('readable', () => this.forward());
    guard.on('end', () => this.push(null));
  }

  private forward() {
    for (let chunk = this.guard.read(); chunk !== null; chunk = this.guard.read()) {
      if (!this.push(chunk)) return;
    }
  }

  override _read() {
    this.forward();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    this.socket.write(chunk, done);
  }

  // aedes (mqtt-packet) writes a packet in pieces between cork and uncork: they must leave in one segment, or Nagle's
  // algorithm holds the second piece until the device acknowledges the first (40 ms per PUBACK).
  override _writev(chunks: { chunk: Buffer }[], done: (error?: Error | null) => void) {
    this.socket.cork();
    for (const { chunk } of chunks.slice(0, -1)) this.socket.write(chunk);
    this.socket.write((chunks.at(-1) as { chunk: Buffer }).chunk, done);
    this.socket.uncork();
  }

  override _final(done: (error?: Error | null) => void) {
    this.socket.end(done);
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void) {
    this.guard.destroy();
    this.socket.destroy();
    done(error);
  }
}

export const guardedConnection = (socket: Socket, limits: PacketSizeLimits): Duplex =>
  new GuardedConnection(socket, packetSizeGuard(limits));
