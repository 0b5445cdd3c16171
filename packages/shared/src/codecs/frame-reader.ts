import type { DecodeError, DecodeErrorCode, DecodeResult, Reading } from './device-type.js';

/** Raised by a decoder to refuse a frame; `decodeWith` turns it into a `DecodeResult`, so it never escapes a codec. */
class DecodeFailure extends Error {
  constructor(readonly error: DecodeError) {
    super(error.message);
  }
}

export function refuse(code: DecodeErrorCode, message: string): never {
  throw new DecodeFailure({ code, message });
}

/** Runs a decoder that refuses with `refuse`; anything else thrown is a bug of the decoder and is not hidden. */
export function decodeWith(decode: () => Reading[]): DecodeResult {
  try {
    return { ok: true, readings: decode() };
  } catch (failure) {
    if (failure instanceof DecodeFailure) return { ok: false, error: failure.error };
    throw failure;
  }
}

/** Big-endian reads at an offset that refuse the frame, rather than read past its end. */
export class FrameReader {
  private readonly view: DataView;

  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get length(): number {
    return this.bytes.length;
  }

  uint8(offset: number): number {
    this.need(offset, 1);
    return this.view.getUint8(offset);
  }

  int16(offset: number): number {
    this.need(offset, 2);
    return this.view.getInt16(offset);
  }

  uint16(offset: number): number {
    this.need(offset, 2);
    return this.view.getUint16(offset);
  }

  /** Two's complement on three bytes, as Cayenne LPP packs GPS coordinates. */
  int24(offset: number): number {
    const unsigned = this.uint24(offset);
    return unsigned >= 0x800000 ? unsigned - 0x1000000 : unsigned;
  }

  uint24(offset: number): number {
    this.need(offset, 3);
    return (this.view.getUint8(offset) << 16) | this.view.getUint16(offset + 1);
  }

  int32(offset: number): number {
    this.need(offset, 4);
    return this.view.getInt32(offset);
  }

  uint32(offset: number): number {
    this.need(offset, 4);
    return this.view.getUint32(offset);
  }

  private need(offset: number, size: number): void {
    if (offset + size > this.bytes.length) {
      refuse('decode.truncated', `needs ${size} byte(s) at offset ${offset}, the frame has ${this.bytes.length}`);
    }
  }
}

/** Refuses a frame of another length than its layout, before any field is read. */
export function expectLength(frame: FrameReader, expected: number, what: string): void {
  if (frame.length !== expected) {
    refuse('decode.wrong_length', `${what} has ${expected} bytes, this frame has ${frame.length}`);
  }
}

/** Refuses a value outside what the field can mean, so no impossible reading is stored. */
export function expectRange(value: number, min: number, max: number, field: string): number {
  if (value < min || value > max) refuse('decode.out_of_range', `${field} ${value} is outside ${min}..${max}`);
  return value;
}
