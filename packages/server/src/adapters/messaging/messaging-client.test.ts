import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../../modules/actions/loopback-receiver.js';
import { createMessagingClient } from './messaging-client.js';

describe('messaging provider', () => {
  let provider: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    provider = await startReceiver((request) => {
      const { to } = request.body as { to: string };
      if (to === 'refused') return { status: 400, body: { error: 'bad number' } };
      return {
        status: 200,
        body: request.url.endsWith('/calls') ? { status: to === 'busy' ? 'busy' : 'completed' } : {},
      };
    });
  });
  afterAll(() => provider.close());

  it('sends texts and places calls with the bearer key; an unanswered call or a refusal throws', async () => {
    const client = createMessagingClient({ apiUrl: `${provider.url}/v1/`, apiKey: 'k' });
    await client.sendMessage('whatsapp', '+351900', 'hello');
    expect(provider.received[0]).toMatchObject({
      url: '/v1/messages',
      body: { channel: 'whatsapp', to: '+351900', text: 'hello' },
      headers: { authorization: 'Bearer k' },
    });
    await client.placeCall('+351900', 'olá', 'pt');
    expect(provider.received[1]).toMatchObject({
      url: '/v1/calls',
      body: { to: '+351900', text: 'olá', language: 'pt' },
    });
    await expect(client.placeCall('busy', 'hello', 'en')).rejects.toThrow('not answered (busy)');
    await expect(client.sendMessage('sms', 'refused', 'x')).rejects.toThrow('HTTP 400');
    await expect(
      createMessagingClient({ apiUrl: undefined, apiKey: undefined }).placeCall('1', 'x', 'en'),
    ).rejects.toThrow('MESSAGING_API_URL');
  });
});
