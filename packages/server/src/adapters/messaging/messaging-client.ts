import type { Language } from '@iot/shared';

/** The text channels the provider carries. */
export type MessageChannel = 'sms' | 'whatsapp';

export interface MessagingClient {
  /** Sends a text to a phone number; throws, with a readable message, when the provider did not take it. */
  sendMessage(channel: MessageChannel, to: string, text: string): Promise<void>;
  /**
   * Places a voice call that reads `text` in `language` (the voice the provider speaks it with); throws when the
   * call was not answered or not placed.
   */
  placeCall(to: string, text: string, language: Language): Promise<void>;
}

/** Call outcomes the provider reports that mean nobody heard the message. */
const UNANSWERED = new Set(['no-answer', 'busy', 'failed', 'canceled']);

/**
 * SMS, WhatsApp and voice calls through the messaging provider's HTTP API at `apiUrl`, authenticated with a bearer
 * key: `POST {apiUrl}/messages {channel, to, text}` and `POST {apiUrl}/calls {to, text, language}` (answering `{status}` once
 * the call ended). The URL is the operator's, not a user's, so no address policy applies.
 */
export function createMessagingClient(options: {
  apiUrl: string | undefined;
  apiKey: string | undefined;
  timeoutMs?: number;
}): MessagingClient {
  const timeoutMs = options.timeoutMs ?? 60_000;

  async function post(path: string, body: object): Promise<unknown> {
    if (!options.apiUrl) throw new Error('no messaging provider is configured (MESSAGING_API_URL)');
    let response: Response;
    try {
      response = await fetch(`${options.apiUrl.replace(/\/+$/, '')}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${timeoutMs / 1000} s`
          : String(error);
      throw new Error(`messaging provider unreachable: ${reason}`);
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`messaging provider refused (HTTP ${response.status}): ${text.slice(0, 200)}`);
    try {
      return JSON.parse(text);
    } catch {
      return {};
    }
  }

  return {
    async sendMessage(channel, to, text) {
      await post('/messages', { channel, to, text });
    },
    async placeCall(to, text, language) {
      const answer = (await post('/calls', { to, text, language })) as { status?: unknown };
      if (typeof answer.status === 'string' && UNANSWERED.has(answer.status)) {
        throw new Error(`call to ${to} not answered (${answer.status})`);
      }
    },
  };
}
