// Raw HTTP/1.1 over a TCP socket: request lines and headers exactly as written (absolute-form targets,
// encoded paths, broken bodies), which fetch() and inject() would normalise or refuse to send.
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The parsed JSON body, when it is JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON came back.
  json: any;
}

export interface RawRequest {
  method: string;
  target: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Content-Length to announce (default: the body's length). */
  contentLength?: number;
}

export function parseRawResponse(text: string): RawResponse {
  const split = text.indexOf('\r\n\r\n');
  const head = split === -1 ? text : text.slice(0, split);
  const body = split === -1 ? '' : text.slice(split + 4);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body, json };
}

/** Writes `text` as is and reads until the server closes; fails after `timeoutMs`. */
export function sendRaw(port: number, text: string | Buffer, timeoutMs = 5000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms to ${String(text).slice(0, 80)}`));
    }, timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseRawResponse(Buffer.concat(chunks).toString('utf8')));
    });
  });
}

/** One request on its own connection (`Connection: close`), Host defaulting to 127.0.0.1. */
export function rawRequest(port: number, request: RawRequest, timeoutMs?: number): Promise<RawResponse> {
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const headers: Record<string, string> = { host: '127.0.0.1', connection: 'close', ...request.headers };
  if (body !== undefined) headers['content-length'] = String(request.contentLength ?? body.length);
  const head = [
    `${request.method} ${request.target} HTTP/1.1`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n');
  return sendRaw(port, body ? Buffer.concat([Buffer.from(head), body]) : Buffer.from(head), timeoutMs);
}
