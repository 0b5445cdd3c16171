import type { Device, ReceivedMessage } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const PASSWORD = 'a good password';
/** A TH-S frame (th-sensor-sigfox): 21.50 °C, 45.00 %RH, 3.300 V. */
const TH_FRAME = '01086611940ce4000007003c';
/** The Cayenne LPP documentation's example: channel 3 27.2 °C, channel 5 25.5 °C. */
const CAYENNE_EXAMPLE_BASE64 = 'A2cBEAVnAP8=';

/** `deviceInfo` of ChirpStack v4 events, as its event documentation shows it. */
const chirpstackDeviceInfo = (devEui: string) => ({
  tenantId: '52f14cd4-c6f1-4fbd-8f87-4025e1d49242',
  tenantName: 'ChirpStack',
  applicationId: '17c82e96-be03-4f38-aef3-f83d48582d97',
  applicationName: 'Test application',
  deviceProfileId: '14855bf7-d10d-4aee-b618-ebfcb64dc7ad',
  deviceProfileName: 'E103',
  deviceName: 'Test device',
  devEui,
  tags: {},
});

/** The ids The Things Stack v3 names a device by in every message. */
const ttnDeviceIds = (devEui: string) => ({
  device_id: `eui-${devEui.toLowerCase()}`,
  application_ids: { application_id: 'sensors' },
  dev_eui: devEui,
  join_eui: '800000000000000C',
  dev_addr: '00BCB929',
});

describe.each(databaseKinds())('what networks tell beside the payload, on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  const ingestTokens: Record<string, string> = {};
  let businessId = '';

  const ingest = (url: string, network: string, payload: object) =>
    t.request({ method: 'POST', url, headers: { 'x-integration-token': ingestTokens[network] ?? '' }, payload });
  const get = (url: string) => t.request({ method: 'GET', url, token: staff });
  const create = async (payload: object) =>
    (
      await t.request({ method: 'POST', url: '/api/devices', token: staff, payload: { businessId, ...payload } })
    ).json() as Device;
  const device = async (uuid: string) => (await get(`/api/devices/${uuid}`)).json() as Device;
  const messagesOf = async (uuid: string) =>
    (await get(`/api/devices/${uuid}/messages`)).json().messages as ReceivedMessage[];
  const commissioningOf = async (uuid: string) =>
    ((await get(`/api/devices/${uuid}/commissioning`)).json().events as { event: string; detail: string | null }[]).map(
      (event) => [event.event, event.detail],
    );
  const readingsOf = async (uuid: string, signal: string) => {
    const answer = await get(`/api/devices/${uuid}/readings?signals=${signal}&from=0&to=${Date.now() + 3_600_000}`);
    expect(answer.statusCode).toBe(200);
    return answer.json().signals[0].readings as { date: number; value: unknown }[];
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
    businessId = (await t.createTree(staff, [['Acme']])).Acme as string;
    for (const network of ['sigfox', 'chirpstack', 'ttn']) {
      const created = await t.request({
        method: 'POST',
        url: `/api/customer-business/${businessId}/integrations`,
        token: staff,
        payload: { network, name: `Acme ${network}` },
      });
      expect(created.statusCode).toBe(201);
      ingestTokens[network] = created.json().token;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('documents the messages call and the variables of the Sigfox callbacks taken', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.paths['/api/devices/{uuid}/messages'].get).toBeDefined();
    const sigfox = JSON.stringify(document.paths['/api/ingest/sigfox'].post.requestBody);
    for (const variable of ['rssi', 'batt', 'duplicates', 'computedLocation']) expect(sigfox).toContain(variable);
  });

  it('takes a Sigfox callback whose template quotes every variable, with "null", null or nothing for the radio metadata, and computes no link quality from it', async () => {
    const sensor = await create({ deviceType: 'th-sensor-sigfox', sigfoxID: '51F0A1' });
    // A template quoting each variable, on a contract without network metadata.
    const quoted = {
      device: '51F0A1',
      time: '1700000000',
      data: TH_FRAME,
      seqNumber: '7',
      deviceTypeId: '5f1e',
      station: 'null',
      rssi: 'null',
      snr: 'null',
      avgSnr: 'null',
      ack: 'false',
    };
    expect((await ingest('/api/ingest/sigfox', 'sigfox', quoted)).statusCode).toBe(204);
    const unquoted = {
      ...quoted,
      time: 1_700_000_600,
      seqNumber: 8,
      station: null,
      rssi: null,
      snr: null,
      avgSnr: null,
    };
    expect((await ingest('/api/ingest/sigfox', 'sigfox', unquoted)).statusCode).toBe(204);
    const { rssi: _rssi, snr: _snr, avgSnr: _avgSnr, station: _station, ...absent } = quoted;
    expect(
      (await ingest('/api/ingest/sigfox', 'sigfox', { ...absent, time: '1700001200', seqNumber: '9' })).statusCode,
    ).toBe(204);
    expect((await readingsOf(sensor.uuid, 'temperature')).length).toBe(3);
    // No RSSI: no quality computed from it (a null taken for 0 dBm made it GOOD).
    expect(await commissioningOf(sensor.uuid)).toEqual([
      ['COMMISSIONING_START', null],
      ['LINK_QUALITY_COMPUTED', 'UNAVAILABLE'],
    ]);
    const messages = await messagesOf(sensor.uuid);
    expect(messages).toHaveLength(3);
    expect(messages.every((message) => message.rssi === null && message.snr === null)).toBe(true);
    // A number still has to be one.
    expect(
      (await ingest('/api/ingest/sigfox', 'sigfox', { ...quoted, seqNumber: '10', rssi: 'loud' })).statusCode,
    ).toBe(400);
  });

  it('stores a ChirpStack uplink resent without its frame counter once, by its deduplication id', async () => {
    const node = await create({ deviceType: 'cayenne-lpp', loraEUI: '0A0A0A0A0A0A0A0A' });
    // An older v4 release leaves fCnt out when it is 0.
    const up = {
      deduplicationId: '8e5d8cd3-5c1c-4fae-a7d6-4ab3b9c1f1a2',
      time: '2026-01-06T10:00:00.000000000+00:00',
      deviceInfo: chirpstackDeviceInfo('0a0a0a0a0a0a0a0a'),
      devAddr: '00189440',
      dr: 5,
      fPort: 1,
      data: CAYENNE_EXAMPLE_BASE64,
      rxInfo: [{ gatewayId: '0016c001f153a14c', uplinkId: 4217106255, rssi: -36, snr: 10.5, context: 'E3OWOQ==' }],
      txInfo: {
        frequency: 868100000,
        modulation: { lora: { bandwidth: 125000, spreadingFactor: 7, codeRate: 'CR_4_5' } },
      },
    };
    const url = '/api/ingest/lora/chirpstack?event=up';
    expect((await ingest(url, 'chirpstack', up)).statusCode).toBe(204);
    expect((await ingest(url, 'chirpstack', up)).statusCode).toBe(204);
    expect((await readingsOf(node.uuid, 'temperature_3')).length).toBe(1);
    expect(await messagesOf(node.uuid)).toHaveLength(1);
    // The device's next frame (the same reading, later, with its own deduplication id) is a new one.
    const next = { ...up, deduplicationId: '0c7d5b52-46c1-4bd5-9c5e-5c2d0f0b9a11', time: '2026-01-06T10:10:00+00:00' };
    expect((await ingest(url, 'chirpstack', next)).statusCode).toBe(204);
    expect((await readingsOf(node.uuid, 'temperature_3')).length).toBe(2);
  });

  it("keeps ChirpStack's radio metadata with each message, and its join, status and location events as the device's", async () => {
    const node = await create({ deviceType: 'cayenne-lpp', loraEUI: '0B0B0B0B0B0B0B0B' });
    const deviceInfo = chirpstackDeviceInfo('0b0b0b0b0b0b0b0b');
    const join = {
      deduplicationId: 'c9dbe358-2578-4fb7-b295-66b44edc45a6',
      time: '2026-01-06T09:59:58.000000000+00:00',
      deviceInfo,
      devAddr: '00f10b0d',
    };
    expect((await ingest('/api/ingest/lora/chirpstack?event=join', 'chirpstack', join)).statusCode).toBe(204);
    const up = {
      deduplicationId: '3ac7e3c4-4401-4b8d-9386-a5c902f9202d',
      time: '2026-01-06T10:00:00.775023242+00:00',
      deviceInfo,
      devAddr: '00f10b0d',
      dr: 1,
      fCnt: 1,
      fPort: 1,
      data: CAYENNE_EXAMPLE_BASE64,
      rxInfo: [
        { gatewayId: '0016c001f153a14c', uplinkId: 4217106255, rssi: -112, snr: -3.5, context: 'E3OWOQ==' },
        { gatewayId: '0016c001f153a14d', uplinkId: 1017106255, rssi: -97, snr: 4.25, context: 'E3OWOQ==' },
      ],
      txInfo: {
        frequency: 868100000,
        modulation: { lora: { bandwidth: 125000, spreadingFactor: 11, codeRate: 'CR_4_5' } },
      },
    };
    expect((await ingest('/api/ingest/lora/chirpstack?event=up', 'chirpstack', up)).statusCode).toBe(204);
    const status = {
      deduplicationId: '3ac7e3c4-4401-4b8d-9386-a5c902f9202d',
      time: '2026-01-06T10:00:00.775023242+00:00',
      deviceInfo,
      margin: 6,
      batteryLevel: 81.49606,
    };
    const statusUrl = '/api/ingest/lora/chirpstack?event=status';
    expect((await ingest(statusUrl, 'chirpstack', status)).statusCode).toBe(204);
    // Sent again by ChirpStack: one reading.
    expect((await ingest(statusUrl, 'chirpstack', status)).statusCode).toBe(204);
    // On external power the device has no battery level to tell.
    const powered = { ...status, deduplicationId: 'e1f1a4f4-98a1-4b39-8c5a-8f7e8e9c0d10', externalPowerSource: true };
    expect((await ingest(statusUrl, 'chirpstack', powered)).statusCode).toBe(204);
    const location = {
      deduplicationId: '3ac7e3c4-4401-4b8d-9386-a5c902f9202d',
      time: '2026-01-06T10:00:01.000000000+00:00',
      deviceInfo,
      location: {
        latitude: 52.3740364,
        longitude: 4.9144401,
        altitude: 10,
        source: 'GEO_RESOLVER_TDOA',
        accuracy: 150,
      },
    };
    expect((await ingest('/api/ingest/lora/chirpstack?event=location', 'chirpstack', location)).statusCode).toBe(204);

    const [message, ...others] = await messagesOf(node.uuid);
    expect(others).toHaveLength(0);
    expect(message).toMatchObject({ data: '03670110056700ff', port: 1, rssi: -97, snr: 4.25, receivers: 2 });
    expect(message?.dataRate).toBe('SF11BW125');
    expect(message?.simulated).toBe(false);
    expect((await readingsOf(node.uuid, 'network_battery')).map((reading) => reading.value)).toEqual([81.49606]);
    expect(await readingsOf(node.uuid, 'network_position')).toEqual([
      {
        date: Date.parse('2026-01-06T10:00:01.000Z'),
        value: { lat: 52.3740364, lon: 4.9144401, alt: 10, accuracy: 150, source: 'GEO_RESOLVER_TDOA' },
      },
    ]);
    const updated = await device(node.uuid);
    expect(updated.signalValues.network_battery?.value).toBe(81.49606);
    expect(updated.signalValues.temperature_3?.value).toBeCloseTo(27.2);
    expect((await commissioningOf(node.uuid)).map(([event]) => event)).toEqual([
      'JOINED',
      'COMMISSIONING_START',
      'LINK_QUALITY_COMPUTED',
    ]);
  });

  it("keeps The Things Stack's radio metadata, battery, joins and solved locations, and keeps simulated uplinks apart", async () => {
    const node = await create({ deviceType: 'cayenne-lpp', loraEUI: '0C0C0C0C0C0C0C0C' });
    const url = '/api/ingest/lora/ttn';
    const ids = ttnDeviceIds('0C0C0C0C0C0C0C0C');
    const joinAccept = {
      end_device_ids: ids,
      correlation_ids: ['as:up:01E0WZGT6WVJR1YN6X1BYY8PJQ'],
      received_at: '2026-01-06T09:59:00.000Z',
      join_accept: { session_key_id: 'AXBSH1Pk6Z0G166zDAfWLw==', received_at: '2026-01-06T09:59:00.000Z' },
    };
    expect((await ingest(url, 'ttn', joinAccept)).statusCode).toBe(204);
    const uplink = (fCnt: number, receivedAt: string) => ({
      end_device_ids: ids,
      correlation_ids: ['as:up:01E0WZGT6WVJR1YN6X1BYY8PJR'],
      received_at: receivedAt,
      uplink_message: {
        session_key_id: 'AXBSH1Pk6Z0G166zDAfWLw==',
        f_port: 1,
        f_cnt: fCnt,
        frm_payload: CAYENNE_EXAMPLE_BASE64,
        rx_metadata: [
          {
            gateway_ids: { gateway_id: 'gtw1', eui: '9C5C8E00001A05C4' },
            time: receivedAt,
            timestamp: 2463457000,
            rssi: -35,
            channel_rssi: -35,
            snr: 5.2,
            uplink_token: 'ChIKEAoEZ3R3MRIInFyOAAAaBcQQ6KXW9QkaCwjYrL7yBRCqv5lBIMDCz7bFSA==',
            channel_index: 2,
          },
        ],
        settings: {
          data_rate: { lora: { bandwidth: 125000, spreading_factor: 7 } },
          coding_rate: '4/5',
          frequency: '867500000',
          timestamp: 2463457000,
        },
        received_at: receivedAt,
        consumed_airtime: '0.056576s',
        last_battery_percentage: { f_cnt: fCnt, value: 88.5, received_at: receivedAt },
      },
    });
    expect((await ingest(url, 'ttn', uplink(1, '2026-01-06T10:00:00.000Z'))).statusCode).toBe(204);
    const located = {
      end_device_ids: ids,
      correlation_ids: ['as:up:01E0WZGT6WVJR1YN6X1BYY8PJS'],
      received_at: '2026-01-06T10:00:05.000Z',
      location_solved: {
        service: 'lora-cloud-device-management-v1-wifi',
        location: {
          latitude: 32.3828151,
          longitude: -117.2347901,
          accuracy: 150,
          source: 'SOURCE_WIFI_RSSI_GEOLOCATION',
        },
      },
    };
    expect((await ingest(url, 'ttn', located)).statusCode).toBe(204);
    const before = await device(node.uuid);
    // Simulated from the console: another value, a later date.
    const simulated = {
      ...uplink(2, '2026-01-06T10:30:00.000Z'),
      uplink_message: { ...uplink(2, '2026-01-06T10:30:00.000Z').uplink_message, frm_payload: 'A2cBLAVnAP8=' },
      simulated: true,
    };
    expect((await ingest(url, 'ttn', simulated)).statusCode).toBe(204);

    const messages = await messagesOf(node.uuid);
    expect(
      messages.map((message) => [message.simulated, message.rssi, message.snr, message.receivers, message.dataRate]),
    ).toEqual([
      [true, -35, 5.2, 1, 'SF7BW125'],
      [false, -35, 5.2, 1, 'SF7BW125'],
    ]);
    // The simulated uplink made no readings and changed nothing of the device.
    expect((await readingsOf(node.uuid, 'temperature_3')).map((reading) => reading.value)).toEqual([27.2]);
    const after = await device(node.uuid);
    expect(after.signalValues).toEqual(before.signalValues);
    expect(after.lastSeenAt).toBe(before.lastSeenAt);
    expect((await readingsOf(node.uuid, 'network_battery')).map((reading) => reading.value)).toEqual([88.5]);
    expect((await readingsOf(node.uuid, 'network_position')).map((reading) => reading.value)).toEqual([
      { lat: 32.3828151, lon: -117.2347901, accuracy: 150, source: 'SOURCE_WIFI_RSSI_GEOLOCATION' },
    ]);
    expect((await commissioningOf(node.uuid)).map(([event]) => event)).toEqual([
      'JOINED',
      'COMMISSIONING_START',
      'LINK_QUALITY_COMPUTED',
    ]);

    // Decoded again: the device's one message makes its readings again, the simulated one none, and what the network
    // reported stays.
    const reprocessed = await t.request({
      method: 'POST',
      url: '/api/devices/advanced/reprocess-received-data',
      token: staff,
      payload: { deviceUUID: node.uuid, startDate: '2026-01-06T09:00:00.000Z', endDate: '2026-01-06T11:00:00.000Z' },
    });
    expect(reprocessed.json()).toMatchObject({ messages: 1, readings: 2 });
    expect((await readingsOf(node.uuid, 'temperature_3')).map((reading) => reading.value)).toEqual([27.2]);
    expect((await readingsOf(node.uuid, 'network_battery')).map((reading) => reading.value)).toEqual([88.5]);
    expect(await readingsOf(node.uuid, 'network_position')).toHaveLength(1);
  });

  it("keeps the base stations of Sigfox's data advanced callback and the position Atlas computed, and the battery of its status callback", async () => {
    const sensor = await create({ deviceType: 'th-sensor-sigfox', sigfoxID: '51F0A2' });
    const data = { device: '51F0A2', time: 1_767_693_600, data: TH_FRAME, seqNumber: 21, rssi: -121.5, snr: 8.1 };
    expect((await ingest('/api/ingest/sigfox', 'sigfox', data)).statusCode).toBe(204);
    // DATA_ADVANCED, about 30 s later: the same frame, with what the network computed of it.
    const advanced = {
      device: '51F0A2',
      time: 1_767_693_600,
      data: TH_FRAME,
      seqNumber: 21,
      lqi: 'Good',
      linkQuality: 2,
      fixedLat: 0,
      fixedLng: 0,
      operatorName: 'SIGFOX_France',
      countryCode: 250,
      deviceTypeId: '5f1e',
      duplicates: [
        { bsId: '0A1B', rssi: -121.5, snr: 8.1, nbRep: 3 },
        { bsId: '3C4D', rssi: -128, snr: 4, nbRep: 1 },
      ],
      computedLocation: { lat: 43.54, lng: 1.48, radius: 1000, source: 2, status: 1 },
    };
    expect((await ingest('/api/ingest/sigfox', 'sigfox', advanced)).statusCode).toBe(204);
    // STATUS service callback: battery voltage and temperature, no data.
    const status = { device: '51F0A2', time: '1767697200', temp: '21.5', batt: '3.1', seqNumber: '22' };
    expect((await ingest('/api/ingest/sigfox', 'sigfox', status)).statusCode).toBe(204);

    // The frame once (the data advanced callback repeats it), with the data callback's radio metadata.
    const messages = await messagesOf(sensor.uuid);
    expect(messages.map((message) => [message.rssi, message.snr])).toEqual([[-121.5, 8.1]]);
    expect(await readingsOf(sensor.uuid, 'network_position')).toEqual([
      {
        date: 1_767_693_600_000,
        value: { lat: 43.54, lon: 1.48, accuracy: 1000, source: 'SIGFOX_ATLAS' },
      },
    ]);
    const voltages = await readingsOf(sensor.uuid, 'network_battery_voltage');
    expect(voltages).toContainEqual({ date: 1_767_697_200_000, value: 3.1 });
    // Only with data advanced configured, its frame is stored with the base stations that heard it.
    const alone = { ...advanced, seqNumber: 23, time: 1_767_701_200 };
    expect((await ingest('/api/ingest/sigfox', 'sigfox', alone)).statusCode).toBe(204);
    expect((await messagesOf(sensor.uuid))[0]).toMatchObject({ rssi: -121.5, snr: 8.1, receivers: 2 });
    // A callback with neither data nor battery is no callback of the platform's.
    expect((await ingest('/api/ingest/sigfox', 'sigfox', { device: '51F0A2', time: 1_767_701_800 })).statusCode).toBe(
      400,
    );
  });
});
