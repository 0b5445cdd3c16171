import { describe, expect, it } from 'vitest';
import { integrationBody } from './integration-dialog';

describe('the integration form', () => {
  it("sends The Things Stack's application id and webhook id as two settings, and neither for another network", () => {
    const form = {
      network: 'ttn' as const,
      name: ' TTN ',
      serverUrl: 'https://eu1.cloud.thethings.network',
      serverKey: 'NNSXS.key',
      applicationId: ' my-app ',
      webhookId: 'my-webhook',
    };
    expect(integrationBody(form, false)).toEqual({
      network: 'ttn',
      name: 'TTN',
      serverUrl: 'https://eu1.cloud.thethings.network',
      serverKey: 'NNSXS.key',
      applicationId: 'my-app',
      webhookId: 'my-webhook',
    });
    expect(integrationBody({ ...form, network: 'chirpstack' }, false)).toMatchObject({
      applicationId: null,
      webhookId: null,
    });
  });
});
