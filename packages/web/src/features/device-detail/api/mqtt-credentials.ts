import type { MqttCredentials, z } from '@iot/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/api/client';
import { devicePath } from './get-device';

export type DeviceMqttCredentials = z.infer<typeof MqttCredentials>;

/** A new MQTT password for the device: the answer is the only time it is seen, and the old one stops working. */
export const generateMqttCredentials = (uuid: string) =>
  api.post<DeviceMqttCredentials>(`${devicePath(uuid)}/mqtt-credentials`);

export const useGenerateMqttCredentials = () => useMutation({ mutationFn: generateMqttCredentials });
