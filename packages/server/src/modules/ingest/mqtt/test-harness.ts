import { randomBytes } from 'node:crypto';
import type { Device } from '@iot/shared';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { DatabaseKind } from '../../../db/database.js';
import { startTestApp } from '../../../testing/test-app.js';

const PASSWORD = 'a good password';

/** The real app, its embedded broker on an ephemeral port, with a staff user and a business. */
export async function startMqttTestApp(kind: DatabaseKind, env: Record<string, string> = {}) {
  const t = await startTestApp(kind, { MQTT_PORT: '0', ...env });
  const port = t.services.mqtt.port;
  if (port === null) throw new Error('the app runs no embedded broker');
  const email = `staff-${randomBytes(4).toString('hex')}@example.com`;
  await t.createUser(email, PASSWORD, { role: 'product' });
  const staff = await t.signIn(email, PASSWORD);
  const business = await t.request({
    method: 'POST',
    url: '/api/customer-business',
    token: staff,
    payload: { description: 'Fleet' },
  });
  const businessId: string = business.json()._id;

  return {
    t,
    port,
    staff,
    businessId,

    /** `networkIds`: its `IMEI`, `mac`... (a Wi-Fi device without any). */
    async createDevice(deviceType = 'gps-tracker', networkIds: Record<string, string> = {}): Promise<Device> {
      const response = await t.request({
        method: 'POST',
        url: '/api/devices',
        token: staff,
        payload: { businessId, deviceType, ...networkIds },
      });
      if (response.statusCode !== 201) throw new Error(`device not created: ${response.body}`);
      return response.json();
    },

    async issueCredentials(uuid: string, token = staff) {
      return t.request({ method: 'POST', url: `/api/devices/${uuid}/mqtt-credentials`, token });
    },

    close: () => t.close(),
  };
}

export type MqttTestApp = Awaited<ReturnType<typeof startMqttTestApp>>;

/** A device's connection, refused at once rather than retried. */
export function connectDevice(
  port: number,
  username: string,
  password: string,
  options: IClientOptions = {},
): Promise<MqttClient> {
  return mqtt.connectAsync(
    `mqtt://127.0.0.1:${port}`,
    { clientId: `${username}-${randomBytes(4).toString('hex')}`, username, password, reconnectPeriod: 0, ...options },
    false,
  );
}
