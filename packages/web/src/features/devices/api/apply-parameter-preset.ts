import type { BulkDeviceResponse } from '@iot/shared';
import { api } from '@/api/client';

/**
 * Gives devices a preset's parameter values, answered per device: the server refuses a device of another type than
 * the preset's, out of reach, or where the caller's role is below user; the others wait (WAITING) for their values.
 */
export const applyParameterPreset = ({ devices, presetId }: { devices: string[]; presetId: string }) =>
  api.post<BulkDeviceResponse>('/devices/bulk-param-preset', { devices, presetId });
