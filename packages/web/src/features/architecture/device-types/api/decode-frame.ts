import type { DecodeFrameResponse, z } from '@iot/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/api/client';

export interface DecodeFrameInput {
  deviceType: string;
  /** The payload in hex. */
  data: string;
  port: number | null;
  /** ISO time the frame counts as received; now when absent. */
  date?: string;
}

export type DecodeFrameResult = z.infer<typeof DecodeFrameResponse>;

export const decodeFrame = (input: DecodeFrameInput) =>
  api.post<DecodeFrameResult>('/devices/debug/decode-frame', input);

/** Tries a payload against a device type's codec as ingest would; a refused frame is an answer, not a failure. */
export const useDecodeFrame = () => useMutation({ mutationFn: decodeFrame, meta: { handledStatuses: [400] } });
