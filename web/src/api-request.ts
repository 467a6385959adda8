// Talking to the server: JSON in and out, the session cookie sent by the browser, the CSRF token on every
// write. An error keeps its status, code and details (a 409 is a conflict, never "offline"; see the design
// note). The generated client (api.ts) calls the registry's routes through callRoute; bespoke routes
// (bespoke-routes.ts) use request and upload.
import { AUTH_ROUTES_PREFIX } from './bespoke-routes.js';
import { ACCOUNT_HEADER, currentAccount } from './current-account.js';

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
  const account = currentAccount();
  if (account !== undefined) headers[ACCOUNT_HEADER] = account;
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
    if (response.status === 401 && !path.startsWith(AUTH_ROUTES_PREFIX)) onUnauthenticated?.();
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

export interface CallOptions {
  /** The request outlives the page (the last autosave when the page goes away). */
  keepalive?: boolean;
}

/** One JSON request to a path (bespoke routes; the registry's routes go through callRoute). */
export function request<T>(
  method: string,
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<T> {
  return send<T>(method, path, {
    ...(body === undefined ? {} : { body: JSON.stringify(body), json: true }),
    ...(options.keepalive ? { keepalive: true } : {}),
    unreachable: 'the server cannot be reached',
  });
}

/** `T` with the keys `K` required: a face that requires a field the shared schema leaves optional. */
export type WithRequired<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: Exclude<T[P], undefined> };

/** The fields of a read as its query string, in the order given (undefined left out, a list repeated). */
function withQuery(path: string, fields: object | undefined): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(fields ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) query.append(key, String(item));
    }
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * One operation's route as the server's HTTP face reads it (register-operations.ts): `{name}` placeholders
 * filled from `params`, the other fields in the query string of a GET or the JSON body of a write (an
 * action that takes no fields sends `{}`; a DELETE sends nothing).
 */
export function callRoute<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  template: string,
  params: Record<string, string | number>,
  fields: object | undefined,
  options?: CallOptions,
): Promise<T> {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
  if (method === 'GET') return request<T>(method, withQuery(path, fields), undefined, options);
  return request<T>(method, path, fields ?? (method === 'DELETE' ? undefined : {}), options);
}
