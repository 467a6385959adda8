// Talking to /api: JSON in and out, the session cookie sent by the browser, the CSRF token on every write.
// An error keeps its status, code and details (a 409 is a conflict, never "offline"; see the design note).

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
  /** No answer at all (server down, network gone). */
  get offline(): boolean {
    return this.status === 0;
  }
}

let csrfToken: string | undefined;

export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

/** Called when a request finds the session gone (401): the app sends the user to the login page. */
let onUnauthenticated: (() => void) | undefined;
export function whenUnauthenticated(handler: () => void): void {
  onUnauthenticated = handler;
}

/** A file upload (multipart) with the CSRF token; errors as `api` gives them. */
export async function upload<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.set('file', file, file.name || 'pasted');
  const headers: Record<string, string> = { accept: 'application/json' };
  if (csrfToken) headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers, body: form, credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError(0, 'offline', `the upload did not reach the server (${(error as Error).message})`);
  }
  const json = (await response.json().catch(() => undefined)) as
    | { error?: { code?: string; message?: string; details?: unknown } }
    | undefined;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      json?.error?.code ?? 'http_error',
      response.status === 413
        ? 'the file is larger than the server accepts'
        : (json?.error?.message ?? `HTTP ${response.status}`),
      json?.error?.details,
    );
  }
  return json as T;
}

export async function api<T>(
  method: string,
  path: string,
  body?: unknown,
  options: { keepalive?: boolean } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      ...(options.keepalive ? { keepalive: true } : {}),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw new ApiError(0, 'offline', `the server cannot be reached (${(error as Error).message})`);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const error = (json as { error?: { code?: string; message?: string; details?: unknown } } | undefined)
      ?.error;
    if (response.status === 401 && !path.startsWith('/api/auth/')) onUnauthenticated?.();
    throw new ApiError(
      response.status,
      error?.code ?? 'http_error',
      error?.message ?? `HTTP ${response.status}`,
      error?.details,
    );
  }
  return json as T;
}
