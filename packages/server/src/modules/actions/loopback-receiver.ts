import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/**
 * A loopback HTTP server for adapter tests that answers as the real service would: `answer` gets each request (JSON
 * body parsed) and returns its status and JSON body.
 */
export async function startReceiver(
  answer: (request: ReceivedRequest, index: number) => { status: number; body?: unknown },
) {
  const received: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      const entry = { url: request.url ?? '', headers: request.headers, body: text ? JSON.parse(text) : null };
      received.push(entry);
      const { status, body } = answer(entry, received.length - 1);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
