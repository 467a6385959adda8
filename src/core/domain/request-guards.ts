// The guards in front of the universal request tools (SSRF, path, header). A raw request may only reach one
// of the four configured platform origins, on a plain path, with harmless headers. Every refusal is a
// validation_error whose message starts with the guard's name, so the caller knows what to change.
import type { SocialHost } from '../../contracts/social-endpoint.js';
import { AppError } from '../errors.js';

/** Where a guarded request goes: the configured host it matched and the path to send verbatim. */
export interface GuardedTarget {
  host: SocialHost;
  path: string;
}

/** Hosts tried in this order when several share one origin (a path alone goes to `api`). */
const HOST_ORDER: readonly SocialHost[] = ['api', 'upload', 'legacy_upload', 'ads'];

/** Headers that carry credentials, change routing or framing, or belong to the connection. */
export const BLOCKED_HEADERS: ReadonlySet<string> = new Set([
  'authorization',
  'proxy-authorization',
  'host',
  'cookie',
  'set-cookie',
  'transfer-encoding',
  'content-length',
  'connection',
  'proxy-connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  // Headers that make a proxy or framework in front of the platform route, rewrite or re-method the request.
  'forwarded',
  'via',
  'x-real-ip',
  'x-original-url',
  'x-rewrite-url',
  'x-http-method',
  'x-http-method-override',
  'x-method-override',
]);

/** Prefixes with the same effect as the blocklist (`x-forwarded-host`, `x-forwarded-for`…). */
const BLOCKED_PREFIXES = ['proxy-', 'x-forwarded-'];

const MAX_HEADERS = 32;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
/** WHATWG parses a host whose last label is a number (decimal, octal or 0x hex) as an IPv4 address. */
const NUMERIC_LABEL = /^(?:0x[0-9a-f]*|\d+)$/i;
const MAX_DECODE_DEPTH = 4;

function refuse(guard: string, message: string): never {
  throw new AppError('validation_error', `${guard}: ${message}`);
}

/** C0 and C1 control characters, DEL, and the Unicode line separators. */
function hasControl(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) return true;
  }
  return false;
}

function isIpLiteral(hostname: string): boolean {
  if (hostname.startsWith('[')) return true;
  const labels = hostname.replace(/\.$/, '').split('.');
  return NUMERIC_LABEL.test(labels[labels.length - 1] ?? '');
}

/**
 * A plain absolute path: no query or fragment, no backslash, no empty, `.` or `..` segment, and none
 * hidden behind percent-encoding (`%2e`, `%252e`) or encoded separators (`%2f`, `%5c`).
 */
export function checkRequestPath(path: string): void {
  if (path === '') refuse('path guard', 'the endpoint names no path');
  if (hasControl(path)) refuse('control-character guard', 'the endpoint contains control characters');
  if (path.includes('?') || path.includes('#')) {
    refuse('query guard', 'the endpoint path may not contain ? or #; pass query parameters in query_params');
  }
  if (path.includes('\\')) refuse('encoded-separator guard', 'the endpoint path may not contain a backslash');
  if (!path.startsWith('/')) refuse('path guard', `the endpoint path must start with / (got ${path})`);
  if (path.includes('//')) refuse('path guard', 'the endpoint path may not contain an empty segment (//)');
  if (/\s/.test(path)) refuse('path guard', 'the endpoint path may not contain whitespace');
  for (const segment of path.slice(1).split('/')) checkSegment(segment);
}

function checkSegment(segment: string): void {
  let current = segment;
  for (let depth = 0; ; depth++) {
    if (current === '.' || current === '..') {
      refuse('dot-segment guard', `the endpoint path may not contain . or .. segments (${segment})`);
    }
    if (depth > 0 && (current.includes('/') || current.includes('\\'))) {
      refuse('encoded-separator guard', `the endpoint path may not encode / or \\ (${segment})`);
    }
    if (depth > 0 && hasControl(current)) {
      refuse('control-character guard', `the endpoint path may not encode control characters (${segment})`);
    }
    if (!current.includes('%')) return;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      refuse('path guard', `malformed percent-encoding in the endpoint path (${segment})`);
    }
    if (decoded === current) return;
    if (depth === MAX_DECODE_DEPTH) {
      refuse('path guard', `the endpoint path is percent-encoded too many times (${segment})`);
    }
    current = decoded;
  }
}

interface Authority {
  hostname: string;
  rest: string;
  scheme: string;
  authority: string;
}

/** Splits `scheme://authority/path` by hand: the URL parser would first rewrite what we must judge. */
function splitAbsolute(endpoint: string, match: RegExpExecArray): Authority {
  const scheme = (match[1] ?? '').toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') {
    refuse('scheme guard', `only http and https endpoints are allowed (got ${scheme}:)`);
  }
  const afterScheme = endpoint.slice(match[0].length);
  if (!afterScheme.startsWith('//'))
    refuse('scheme guard', 'an absolute endpoint must look like https://host/path');
  const tail = afterScheme.slice(2);
  const end = tail.search(/[/?#\\]/);
  const authority = end === -1 ? tail : tail.slice(0, end);
  const rest = end === -1 ? '' : tail.slice(end);
  if (authority.includes('@'))
    refuse('userinfo guard', 'credentials in the endpoint URL (user@host) are not allowed');
  if (authority === '' || authority.includes('%')) {
    refuse('host allowlist guard', `the endpoint host is missing or encoded (${authority})`);
  }
  const hostname = authority.startsWith('[')
    ? authority.slice(0, authority.indexOf(']') + 1)
    : authority.replace(/:[^:]*$/, '');
  return { hostname: hostname.toLowerCase(), rest, scheme, authority };
}

/** Which configured host an absolute endpoint names; its origin must equal that host's origin exactly. */
function matchHost(target: Authority, baseUrls: Readonly<Record<SocialHost, string>>): SocialHost {
  const configured = HOST_ORDER.map((host) => ({ host, url: new URL(baseUrls[host]) }));
  const sameName = configured.filter(({ url }) => url.hostname.toLowerCase() === target.hostname);
  const allowed = [...new Set(configured.map(({ url }) => url.host))].join(', ');
  if (sameName.length === 0) {
    if (isIpLiteral(target.hostname)) {
      refuse(
        'IP-literal guard',
        `${target.hostname} is an IP address outside the platform hosts (${allowed})`,
      );
    }
    refuse('host allowlist guard', `${target.hostname} is not one of the platform hosts (${allowed})`);
  }
  let origin: string;
  try {
    origin = new URL(`${target.scheme}://${target.authority}/`).origin;
  } catch {
    return refuse('host allowlist guard', `the endpoint host ${target.authority} is not valid`);
  }
  const match = sameName.find(({ url }) => url.origin === origin);
  if (!match) refuse('host allowlist guard', `${origin} is not one of the platform origins (${allowed})`);
  return match.host;
}

/**
 * Where a universal request's `endpoint` goes: a path (on the API host) or an absolute URL whose origin is
 * one of the four configured base-URL origins. Throws validation_error naming the guard that refused it.
 */
export function guardEndpoint(
  endpoint: string,
  baseUrls: Readonly<Record<SocialHost, string>>,
): GuardedTarget {
  if (hasControl(endpoint)) refuse('control-character guard', 'the endpoint contains control characters');
  if (endpoint.startsWith('/')) {
    checkRequestPath(endpoint);
    return { host: 'api', path: endpoint };
  }
  const scheme = SCHEME.exec(endpoint);
  if (!scheme)
    refuse('path guard', `the endpoint must be a path starting with / or an https URL (got ${endpoint})`);
  const target = splitAbsolute(endpoint, scheme);
  const host = matchHost(target, baseUrls);
  checkRequestPath(target.rest);
  return { host, path: target.rest };
}

/** Extra request headers: valid names, Latin-1 values without line breaks, none from the blocklist. */
export function guardHeaders(headers: Readonly<Record<string, string>> = {}): Record<string, string> {
  const entries = Object.entries(headers);
  if (entries.length > MAX_HEADERS)
    refuse('header guard', `at most ${MAX_HEADERS} extra headers are allowed`);
  for (const [name, value] of entries) {
    if (!HEADER_NAME.test(name)) refuse('header guard', `'${name}' is not a valid header name`);
    const lower = name.toLowerCase();
    if (BLOCKED_HEADERS.has(lower) || BLOCKED_PREFIXES.some((prefix) => lower.startsWith(prefix))) {
      refuse('header guard', `the ${lower} header may not be set on a universal request`);
    }
    if (hasControl(value.replaceAll('\t', ' '))) {
      refuse('header guard', `the value of ${name} contains a line break or control character`);
    }
    // HTTP carries header values as bytes: fetch would throw on anything past Latin-1 mid-request.
    if ([...value].some((char) => (char.codePointAt(0) ?? 0) > 0xff)) {
      refuse('header guard', `the value of ${name} has characters outside Latin-1; percent-encode them`);
    }
  }
  return Object.fromEntries(entries);
}
