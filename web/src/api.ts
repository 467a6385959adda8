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

/**
 * One request to the server: the session cookie, the CSRF token on writes, the answer's JSON; a failure is
 * an ApiError keeping status, code and details (a lost session also tells the app, to sign in again).
 */
async function send<T>(
  method: string,
  path: string,
  init: { body?: BodyInit; json?: boolean; keepalive?: boolean; unreachable: string; tooLarge?: string },
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.json) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      ...(init.keepalive ? { keepalive: true } : {}),
      ...(init.body === undefined ? {} : { body: init.body }),
    });
  } catch (error) {
    throw new ApiError(0, 'offline', `${init.unreachable} (${(error as Error).message})`);
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
      (response.status === 413 ? init.tooLarge : undefined) ?? error?.message ?? `HTTP ${response.status}`,
      error?.details,
    );
  }
  return json as T;
}

/** A file upload (multipart). */
export function upload<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.set('file', file, file.name || 'pasted');
  return send<T>('POST', path, {
    body: form,
    unreachable: 'the upload did not reach the server',
    tooLarge: 'the file is larger than the server accepts',
  });
}

export function api<T>(
  method: string,
  path: string,
  body?: unknown,
  options: { keepalive?: boolean } = {},
): Promise<T> {
  return send<T>(method, path, {
    ...(body === undefined ? {} : { body: JSON.stringify(body), json: true }),
    ...(options.keepalive ? { keepalive: true } : {}),
    unreachable: 'the server cannot be reached',
  });
}
