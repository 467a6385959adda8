// A listener on another port of 127.0.0.1 that records every request whole (method, path, headers, body) and
// answers 503: the "somewhere else" a stored secret must never reach. `saw` tells whether any request carried
// a given text anywhere.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CapturedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface CaptureListener {
  url: string;
  requests: CapturedRequest[];
  /** Whether any request so far carried `text` in its path, headers or body. */
  saw(text: string): boolean;
  close(): Promise<void>;
}

export async function startCaptureListener(): Promise<CaptureListener> {
  const requests: CapturedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end('{"error":"captured"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    saw: (text) => requests.some((r) => `${r.url} ${JSON.stringify(r.headers)} ${r.body}`.includes(text)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
