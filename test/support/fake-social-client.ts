// Helpers for the fake platform's own tests (src/infra/sandbox/social/*.test.ts): a tiny fetch client that
// returns status, headers and parsed body, plus byte builders for media fixtures (PNG header, MP4-looking data).

export interface Reply<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface Client {
  get<T = Record<string, unknown>>(path: string, query?: Record<string, string>): Promise<Reply<T>>;
  post<T = Record<string, unknown>>(path: string, body?: unknown): Promise<Reply<T>>;
  put<T = Record<string, unknown>>(path: string, body?: unknown): Promise<Reply<T>>;
  del<T = Record<string, unknown>>(path: string): Promise<Reply<T>>;
  send<T = Record<string, unknown>>(path: string, init: RequestInit): Promise<Reply<T>>;
}

export function client(baseUrl: string, token?: string): Client {
  const send = async <T>(path: string, init: RequestInit): Promise<Reply<T>> => {
    const headers = new Headers(init.headers);
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    const response = await fetch(`${baseUrl}${path}`, { ...init, headers, redirect: 'manual' });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Non-JSON bodies (HTML pages, truncated JSON) stay as text.
    }
    return { status: response.status, headers: response.headers, body: body as T, text };
  };
  const json = (method: string, body: unknown): RequestInit => ({
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    get: (path, query) => send(query ? `${path}?${new URLSearchParams(query)}` : path, { method: 'GET' }),
    post: (path, body) => send(path, json('POST', body)),
    put: (path, body) => send(path, json('PUT', body)),
    del: (path) => send(path, { method: 'DELETE' }),
    send,
  };
}

/** A PNG signature plus an IHDR chunk announcing `width`×`height`, padded to `size` bytes. */
export function pngBytes(width: number, height: number, size = 256): Buffer {
  const buffer = Buffer.alloc(Math.max(size, 33));
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(buffer, 0);
  buffer.writeUInt32BE(13, 8);
  buffer.write('IHDR', 12, 'latin1');
  buffer.writeUInt32BE(width, 16);
  buffer.writeUInt32BE(height, 20);
  return buffer;
}

/** Bytes whose header reads as an MP4 (`ftyp` box), filled with `fill`. */
export function mp4Bytes(size: number, fill = 7): Buffer {
  const buffer = Buffer.alloc(size, fill);
  buffer.writeUInt32BE(24, 0);
  buffer.write('ftypisom', 4, 'latin1');
  return buffer;
}

export function mediaForm(
  fields: Record<string, string>,
  media?: Buffer,
  contentType = 'application/octet-stream',
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (media) form.append('media', new Blob([media], { type: contentType }), 'upload.bin');
  return form;
}
