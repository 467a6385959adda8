// One request to the platform and its whole answer, over node:http / node:https: what the transport used
// fetch for, at about half the CPU a call (fetch's web streams, Request/Response objects and abort wiring
// cost ~0.3 ms a request; a simulated week makes 3,200 of them). It keeps what fetch did for the transport:
// the same request headers (fetch's defaults included, so the platform sees the requests it saw before), a
// redirect answered, never followed, gzip/deflate/br answers decoded, the body read as UTF-8 text (a BOM
// dropped), the whole exchange bounded by the caller's signal, and connections kept alive (an idle one is
// closed after 4 s, or before the server's own Keep-Alive timeout). Errors are Node's own (`code` ECONNREFUSED,
// ECONNRESET…, or an AbortError): platform-errors.ts reads them as it reads fetch's.
import * as http from 'node:http';
import * as https from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

export interface HttpAnswer {
  status: number;
  ok: boolean;
  headers: Headers;
  text: string;
}

export interface HttpExchange {
  method: string;
  headers: Headers;
  body?: string;
  signal: AbortSignal;
}

const IDLE_MS = 4_000;
const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: IDLE_MS }),
  'https:': new https.Agent({ keepAlive: true, timeout: IDLE_MS }),
};

/** The headers fetch adds to a request that does not set them. */
const FETCH_DEFAULTS: ReadonlyArray<readonly [string, string]> = [
  ['accept', '*/*'],
  ['accept-language', '*'],
  ['sec-fetch-mode', 'cors'],
  ['user-agent', 'node'],
  ['accept-encoding', 'gzip, deflate'],
];

/** Methods fetch sends `content-length: 0` for when there is no body. */
const EMPTY_BODY_LENGTH = new Set(['POST', 'PUT', 'PATCH']);

const utf8 = new TextDecoder('utf-8');

function requestHeaders(init: HttpExchange, body: Buffer | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  init.headers.forEach((value, name) => {
    headers[name] = value;
  });
  for (const [name, value] of FETCH_DEFAULTS) headers[name] ??= value;
  if (body) {
    headers['content-type'] ??= 'text/plain;charset=UTF-8';
    headers['content-length'] = String(body.length);
  } else if (EMPTY_BODY_LENGTH.has(init.method)) headers['content-length'] = '0';
  return headers;
}

/** The body as the server sent it, undone from each content coding (last applied first). */
function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (!encoding || body.length === 0) return body;
  const codings = encoding
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  let out = body;
  for (const coding of codings.reverse()) {
    if (coding === 'gzip' || coding === 'x-gzip') out = gunzipSync(out);
    else if (coding === 'br') out = brotliDecompressSync(out);
    else if (coding === 'deflate') {
      // "deflate" is meant to be zlib-wrapped; some servers send it raw.
      try {
        out = inflateSync(out);
      } catch {
        out = inflateRawSync(out);
      }
    } else return out; // an unknown coding: the body is left as it came, as fetch leaves it
  }
  return out;
}

function answerHeaders(raw: readonly string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
  return headers;
}

export function exchange(url: URL, init: HttpExchange): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const body = init.body === undefined ? undefined : Buffer.from(init.body, 'utf8');
    const client = url.protocol === 'https:' ? https : http;
    const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:'];
    const request = client.request(
      url,
      { method: init.method, headers: requestHeaders(init, body), agent, signal: init.signal },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          try {
            const status = response.statusCode ?? 0;
            const text = utf8.decode(decoded(Buffer.concat(chunks), response.headers['content-encoding']));
            resolve({
              status,
              ok: status >= 200 && status <= 299,
              headers: answerHeaders(response.rawHeaders),
              text,
            });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
