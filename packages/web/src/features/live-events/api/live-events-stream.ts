import { LiveEvent } from '@iot/shared';
import { api, isApiError } from '@/api/client';

/** Waits after a failed or ended stream: 1 s, doubling up to 30 s; back to 1 s once a stream has delivered. */
export const RECONNECT_DELAYS = { firstMs: 1_000, maxMs: 30_000 } as const;

/**
 * Splits a server-sent events body into the data of each event (SPEC: one JSON per `data:` line). Lines of one
 * event are joined by newlines, as the EventSource standard does; comments (`:` keep-alives) are skipped.
 */
export function createEventParser(onData: (data: string) => void) {
  let buffer = '';
  let data: string[] = [];
  return (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        if (data.length > 0) onData(data.join('\n'));
        data = [];
      } else if (line.startsWith('data:')) {
        data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
    }
  };
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((done) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      done();
    });
  });

/**
 * Follows `GET /api/events` until `signal` aborts, handing each well-formed event to `onEvent`. The stream goes
 * through the app's HTTP client for its bearer token (EventSource cannot send one). When it ends or fails it is
 * opened again after a growing delay; a 401 ends it for good, as the client has then ended the session.
 */
export async function followLiveEvents(onEvent: (event: LiveEvent) => void, signal: AbortSignal) {
  let delay: number = RECONNECT_DELAYS.firstMs;
  const parse = createEventParser((data) => {
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    const event = LiveEvent.safeParse(json);
    if (event.success) onEvent(event.data);
  });
  while (!signal.aborted) {
    try {
      const response = await api.stream('/events', { signal });
      const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
      if (reader) {
        for (let part = await reader.read(); !part.done; part = await reader.read()) {
          delay = RECONNECT_DELAYS.firstMs;
          parse(part.value);
        }
      }
    } catch (error) {
      if (signal.aborted || isApiError(error, 401)) return;
    }
    await wait(delay, signal);
    delay = Math.min(delay * 2, RECONNECT_DELAYS.maxMs);
  }
}
