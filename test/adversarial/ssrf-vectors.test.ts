// SSRF vectors against the universal request tools (social_get/post/put/delete), each run through the real
// tool over the in-memory MCP client with the fake platform as every allowed host, and a second "evil"
// listener on 127.0.0.1. A vector is either refused with validation_error naming its guard, nothing sent
// anywhere, or it provably stays on the allowed hosts; the evil listener never sees a connection.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { faultPresets } from '../fakes/social/index.js';
import { type McpHarness, startMcpHarness } from '../support/mcp-harness.js';

/** `F`: the fake's origin, `FP` its port, `E` the evil origin, `EP` its port. */
interface Hosts {
  F: string;
  FP: number;
  E: string;
  EP: number;
}

type Guard =
  | 'IP-literal guard'
  | 'host allowlist guard'
  | 'userinfo guard'
  | 'scheme guard'
  | 'path guard'
  | 'dot-segment guard'
  | 'encoded-separator guard'
  | 'control-character guard'
  | 'query guard'
  | 'header guard';

interface Vector {
  name: string;
  endpoint: (h: Hosts) => string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  /** The guard that must refuse it. */
  guard: Guard;
}

const P = '/2/users/me';

/** Refused before anything leaves: each with the guard that must name itself in the message. */
const REFUSED: Vector[] = [
  // Other hosts, and the allowed IP under another name, port or scheme.
  { name: 'another host', endpoint: () => `https://evil.example${P}`, guard: 'host allowlist guard' },
  { name: 'localhost alias', endpoint: (h) => `http://localhost:${h.FP}${P}`, guard: 'host allowlist guard' },
  { name: 'evil port on 127.0.0.1', endpoint: (h) => `${h.E}${P}`, guard: 'host allowlist guard' },
  { name: 'default port', endpoint: () => `http://127.0.0.1${P}`, guard: 'host allowlist guard' },
  {
    name: 'https on the http port',
    endpoint: (h) => `https://127.0.0.1:${h.FP}${P}`,
    guard: 'host allowlist guard',
  },
  { name: 'port 80', endpoint: () => `http://127.0.0.1:80${P}`, guard: 'host allowlist guard' },
  { name: 'port out of range', endpoint: () => `http://127.0.0.1:65536${P}`, guard: 'host allowlist guard' },
  {
    name: 'double port',
    endpoint: (h) => `http://127.0.0.1:${h.FP}:${h.EP}${P}`,
    guard: 'host allowlist guard',
  },
  {
    name: 'port then host',
    endpoint: (h) => `http://127.0.0.1:${h.FP}.evil.example${P}`,
    guard: 'host allowlist guard',
  },
  {
    name: 'nip.io wildcard DNS',
    endpoint: (h) => `http://127.0.0.1.nip.io:${h.FP}${P}`,
    guard: 'host allowlist guard',
  },
  {
    name: 'subdomain look-alike',
    endpoint: (h) => `http://127.0.0.1.evil.example:${h.FP}${P}`,
    guard: 'host allowlist guard',
  },
  // IP literals in every notation.
  {
    name: 'cloud metadata',
    endpoint: () => 'http://169.254.169.254/latest/meta-data/',
    guard: 'IP-literal guard',
  },
  { name: 'decimal', endpoint: (h) => `http://2130706433:${h.FP}${P}`, guard: 'IP-literal guard' },
  { name: 'hex', endpoint: (h) => `http://0x7f000001:${h.FP}${P}`, guard: 'IP-literal guard' },
  { name: 'octal dotted', endpoint: (h) => `http://0177.0.0.1:${h.FP}${P}`, guard: 'IP-literal guard' },
  {
    name: 'octal padded',
    endpoint: (h) => `http://0177.0000.0000.0001:${h.FP}${P}`,
    guard: 'IP-literal guard',
  },
  { name: 'octal whole', endpoint: (h) => `http://017700000001:${h.FP}${P}`, guard: 'IP-literal guard' },
  { name: 'hex dotted', endpoint: (h) => `http://0x7f.0x0.0x0.0x1:${h.FP}${P}`, guard: 'IP-literal guard' },
  { name: 'short 127.1', endpoint: (h) => `http://127.1:${h.FP}${P}`, guard: 'IP-literal guard' },
  { name: 'short 127.0.1', endpoint: (h) => `http://127.0.1:${h.FP}${P}`, guard: 'IP-literal guard' },
  { name: 'mixed hex short', endpoint: (h) => `http://0x7f.1:${h.FP}${P}`, guard: 'IP-literal guard' },
  { name: 'zero', endpoint: (h) => `http://0:${h.FP}${P}`, guard: 'IP-literal guard' },
  { name: '0.0.0.0', endpoint: (h) => `http://0.0.0.0:${h.FP}${P}`, guard: 'IP-literal guard' },
  { name: 'trailing dot', endpoint: (h) => `http://127.0.0.1.:${h.FP}${P}`, guard: 'IP-literal guard' },
  { name: 'private 10/8', endpoint: () => `http://10.0.0.1${P}`, guard: 'IP-literal guard' },
  { name: 'private 192.168/16', endpoint: () => `http://192.168.1.1${P}`, guard: 'IP-literal guard' },
  { name: 'IPv6 loopback', endpoint: (h) => `http://[::1]:${h.FP}${P}`, guard: 'IP-literal guard' },
  { name: 'IPv6 unspecified', endpoint: (h) => `http://[::]:${h.FP}${P}`, guard: 'IP-literal guard' },
  {
    name: 'IPv4-mapped IPv6',
    endpoint: (h) => `http://[::ffff:127.0.0.1]:${h.FP}${P}`,
    guard: 'IP-literal guard',
  },
  {
    name: 'IPv4-mapped IPv6 hex',
    endpoint: (h) => `http://[::ffff:7f00:1]:${h.FP}${P}`,
    guard: 'IP-literal guard',
  },
  {
    name: 'IPv4-mapped long form',
    endpoint: (h) => `http://[0:0:0:0:0:ffff:127.0.0.1]:${h.FP}${P}`,
    guard: 'IP-literal guard',
  },
  { name: 'IPv6 metadata', endpoint: () => 'http://[fd00:ec2::254]/latest/', guard: 'IP-literal guard' },
  { name: 'IPv6 zone id', endpoint: (h) => `http://[::1%25lo]:${h.FP}${P}`, guard: 'host allowlist guard' },
  // Userinfo tricks.
  {
    name: 'platform name as userinfo',
    endpoint: () => `https://api.x.com@evil.example${P}`,
    guard: 'userinfo guard',
  },
  { name: 'fake origin as userinfo', endpoint: (h) => `${h.F}@evil.example${P}`, guard: 'userinfo guard' },
  { name: 'credentials', endpoint: (h) => `http://user:pass@127.0.0.1:${h.FP}${P}`, guard: 'userinfo guard' },
  {
    name: 'encoded @',
    endpoint: (h) => `http://evil.example%40127.0.0.1:${h.FP}${P}`,
    guard: 'host allowlist guard',
  },
  {
    name: 'fragment before @',
    endpoint: (h) => `http://evil.example#@127.0.0.1:${h.FP}${P}`,
    guard: 'host allowlist guard',
  },
  {
    name: 'backslash before @',
    endpoint: (h) => `http://127.0.0.1:${h.FP}\\@evil.example${P}`,
    guard: 'encoded-separator guard',
  },
  {
    name: 'query before @',
    endpoint: (h) => `http://127.0.0.1:${h.FP}?@evil.example${P}`,
    guard: 'query guard',
  },
  // Scheme tricks.
  { name: 'file', endpoint: () => 'file:///etc/passwd', guard: 'scheme guard' },
  { name: 'gopher', endpoint: (h) => `gopher://127.0.0.1:${h.FP}/_GET%20/`, guard: 'scheme guard' },
  { name: 'javascript', endpoint: () => 'javascript:alert(1)', guard: 'scheme guard' },
  { name: 'data', endpoint: () => 'data:text/plain,hello', guard: 'scheme guard' },
  { name: 'ftp', endpoint: (h) => `ftp://127.0.0.1:${h.FP}/`, guard: 'scheme guard' },
  { name: 'uppercase FILE', endpoint: () => 'FILE:///etc/passwd', guard: 'scheme guard' },
  { name: 'jar wrapper', endpoint: (h) => `jar:${h.E}/x.jar!/`, guard: 'scheme guard' },
  { name: 'one slash', endpoint: () => `http:/evil.example${P}`, guard: 'scheme guard' },
  { name: 'no slash', endpoint: () => `https:evil.example${P}`, guard: 'scheme guard' },
  {
    name: 'backslashes for slashes',
    endpoint: () => 'http:\\\\evil.example\\2\\users',
    guard: 'scheme guard',
  },
  { name: 'protocol-relative', endpoint: () => `//evil.example${P}`, guard: 'path guard' },
  { name: 'triple slash', endpoint: () => `///evil.example${P}`, guard: 'path guard' },
  { name: 'leading space', endpoint: () => ` http://evil.example${P}`, guard: 'path guard' },
  { name: 'relative path', endpoint: () => '2/users/me', guard: 'path guard' },
  // Backslashes, encoded dots and slashes, double encoding.
  {
    name: 'backslash traversal',
    endpoint: () => '/2/users\\..\\..\\admin',
    guard: 'encoded-separator guard',
  },
  { name: 'plain traversal', endpoint: () => '/2/users/../../admin', guard: 'dot-segment guard' },
  { name: 'trailing ..', endpoint: () => '/2/users/me/..', guard: 'dot-segment guard' },
  { name: 'single dot', endpoint: () => '/2/users/./me', guard: 'dot-segment guard' },
  { name: 'encoded dots', endpoint: () => '/2/users/%2e%2e/admin', guard: 'dot-segment guard' },
  { name: 'mixed-case encoded dots', endpoint: () => '/2/users/%2E%2e/admin', guard: 'dot-segment guard' },
  { name: 'half-encoded dots', endpoint: () => '/2/users/.%2e/admin', guard: 'dot-segment guard' },
  { name: 'double-encoded dots', endpoint: () => '/2/users/%252e%252e/admin', guard: 'dot-segment guard' },
  {
    name: 'triple-encoded dots',
    endpoint: () => '/2/users/%25252e%25252e/admin',
    guard: 'dot-segment guard',
  },
  { name: 'matrix param traversal', endpoint: () => '/2/users/me;/../admin', guard: 'dot-segment guard' },
  { name: 'encoded slash', endpoint: () => '/2/users%2fme', guard: 'encoded-separator guard' },
  { name: 'encoded slash upper', endpoint: () => '/2/users%2Fme', guard: 'encoded-separator guard' },
  { name: 'double-encoded slash', endpoint: () => '/2/users%252fme', guard: 'encoded-separator guard' },
  { name: 'encoded backslash', endpoint: () => '/2/users%5c..%5cadmin', guard: 'encoded-separator guard' },
  {
    name: 'encoded traversal to /etc',
    endpoint: () => '/%2e%2e%2f%2e%2e%2fetc/passwd',
    guard: 'encoded-separator guard',
  },
  { name: 'overlong UTF-8 dots', endpoint: () => '/2/users/%c0%ae%c0%ae/admin', guard: 'path guard' },
  { name: 'empty segment', endpoint: () => '/2//users/me', guard: 'path guard' },
  // CRLF, NUL and tab in the endpoint.
  {
    name: 'CRLF header injection',
    endpoint: () => `${P}\r\nHost: evil.example`,
    guard: 'control-character guard',
  },
  {
    name: 'encoded CRLF',
    endpoint: () => `${P}%0d%0aHost:%20evil.example`,
    guard: 'control-character guard',
  },
  { name: 'NUL', endpoint: () => `${P}\u0000.png`, guard: 'control-character guard' },
  { name: 'encoded NUL', endpoint: () => `${P}%00`, guard: 'control-character guard' },
  { name: 'tab', endpoint: () => `${P}\t`, guard: 'control-character guard' },
  {
    name: 'tab in the scheme',
    endpoint: () => `h\tttp://evil.example${P}`,
    guard: 'control-character guard',
  },
  { name: 'line separator', endpoint: () => `${P}\u2028`, guard: 'control-character guard' },
  { name: 'space in the path', endpoint: () => '/2/users/me HTTP/1.1', guard: 'path guard' },
  // Unicode dots, digits and homoglyph hosts.
  {
    name: 'ideographic full stops',
    endpoint: (h) => `http://127\u30020\u30020\u30021:${h.FP}${P}`,
    guard: 'host allowlist guard',
  },
  {
    name: 'fullwidth full stops',
    endpoint: (h) => `http://127\uFF0E0\uFF0E0\uFF0E1:${h.FP}${P}`,
    guard: 'host allowlist guard',
  },
  {
    name: 'fullwidth digits',
    endpoint: (h) => `http://\uFF11\uFF12\uFF17.\uFF10.\uFF10.\uFF11:${h.FP}${P}`,
    guard: 'host allowlist guard',
  },
  {
    name: 'circled letters',
    endpoint: (h) => `http://\u24DB\u24DE\u24D2\u24D0\u24DB\u24D7\u24DE\u24E2\u24E3:${h.FP}${P}`,
    guard: 'host allowlist guard',
  },
  { name: 'Cyrillic homoglyph', endpoint: () => `https://\u0430pi.x.com${P}`, guard: 'host allowlist guard' },
  { name: 'punycode host', endpoint: () => `https://xn--pi-7kc.x.com${P}`, guard: 'host allowlist guard' },
  {
    name: 'encoded ideographic dot',
    endpoint: (h) => `http://127.0.0.1%E3%80%82:${h.FP}${P}`,
    guard: 'host allowlist guard',
  },
  // Fragments and queries inside the endpoint.
  { name: 'fragment with @', endpoint: () => `${P}#@evil.example`, guard: 'query guard' },
  { name: 'fragment on the origin', endpoint: (h) => `${h.F}#@evil.example${P}`, guard: 'query guard' },
  { name: 'query in the path', endpoint: () => `${P}?url=http://evil.example`, guard: 'query guard' },
  // Headers: CRLF, NUL, routing and framing headers.
  {
    name: 'header value CRLF',
    endpoint: () => P,
    headers: { 'x-a': 'a\r\nHost: evil.example' },
    guard: 'header guard',
  },
  { name: 'header value NUL', endpoint: () => P, headers: { 'x-a': 'a\u0000b' }, guard: 'header guard' },
  { name: 'header name CRLF', endpoint: () => P, headers: { 'x-a\r\nHost': 'evil' }, guard: 'header guard' },
  {
    name: 'header name with colon',
    endpoint: () => P,
    headers: { 'Host:': 'evil.example' },
    guard: 'header guard',
  },
  { name: 'Host header', endpoint: () => P, headers: { Host: 'evil.example' }, guard: 'header guard' },
  {
    name: 'Authorization header',
    endpoint: () => P,
    headers: { authorization: 'Bearer stolen' },
    guard: 'header guard',
  },
  {
    name: 'Transfer-Encoding',
    endpoint: () => P,
    headers: { 'Transfer-Encoding': 'chunked' },
    guard: 'header guard',
  },
  { name: 'Content-Length', endpoint: () => P, headers: { 'Content-Length': '0' }, guard: 'header guard' },
  {
    name: 'X-Forwarded-Host',
    endpoint: () => P,
    headers: { 'X-Forwarded-Host': 'evil.example' },
    guard: 'header guard',
  },
  {
    name: 'Forwarded',
    endpoint: () => P,
    headers: { Forwarded: 'host=evil.example' },
    guard: 'header guard',
  },
  {
    name: 'X-Original-URL',
    endpoint: () => P,
    headers: { 'X-Original-URL': '/admin' },
    guard: 'header guard',
  },
  {
    name: 'method override',
    endpoint: () => P,
    headers: { 'X-HTTP-Method-Override': 'DELETE' },
    guard: 'header guard',
  },
  {
    name: 'header value beyond Latin-1',
    endpoint: () => P,
    headers: { 'x-a': 'caf\u00e9 \u{1F642}' },
    guard: 'header guard',
  },
];

/** Allowed spellings of an allowed origin: they may go out, but only to the fake. */
const STAYS: Array<{ name: string; endpoint: (h: Hosts) => string; path: string }> = [
  { name: 'uppercase scheme and host', endpoint: (h) => `HTTP://127.0.0.1:${h.FP}${P}`, path: P },
  { name: 'leading-zero port', endpoint: (h) => `http://127.0.0.1:0${h.FP}${P}`, path: P },
  { name: 'plain path', endpoint: () => P, path: P },
  {
    name: 'encoded harmless character',
    endpoint: () => '/2/users/by/username/app%5Fowner',
    path: '/2/users/by/username/app%5Fowner',
  },
  {
    name: 'path at the length limit',
    endpoint: () => `/2/x${'/a'.repeat(1022)}`,
    path: `/2/x${'/a'.repeat(1022)}`,
  },
];

const TOOLS = ['social_get', 'social_post', 'social_put', 'social_delete'] as const;

let h: McpHarness;
let evil: Server;
let hosts: Hosts;
let evilHits = 0;

beforeAll(async () => {
  h = await startMcpHarness({ profile: 'admin' });
  evil = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"stolen":true}}');
  });
  // Counting connections, not requests: a malformed request that never parses still counts.
  evil.on('connection', () => {
    evilHits++;
  });
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  const FP = Number(new URL(h.fake.url).port);
  const EP = (evil.address() as AddressInfo).port;
  hosts = { F: h.fake.url, FP, E: `http://127.0.0.1:${EP}`, EP };
});
afterAll(async () => {
  await h.close();
  await new Promise((resolve) => evil.close(resolve));
});
beforeEach(() => {
  h.fake.faults.clear();
});

describe('SSRF vectors through the universal request tools', () => {
  it(`has at least 60 vectors (${REFUSED.length + STAYS.length})`, () => {
    expect(REFUSED.length + STAYS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(REFUSED.map((v) => v.name)).size).toBe(REFUSED.length);
  });

  it.each(REFUSED.map((v) => [v.name, v] as const))(
    'refuses %s with validation_error, nothing sent',
    async (_name, vector) => {
      const endpoint = vector.endpoint(hosts);
      const seen = h.fake.requests.length;
      for (const tool of TOOLS) {
        const args: Record<string, unknown> = { endpoint };
        if (vector.headers) args.headers = vector.headers;
        if (tool === 'social_post' || tool === 'social_put') args.body = { probe: true };
        const result = await h.call(tool, args);
        const label = `${tool} ${JSON.stringify(endpoint)} ${JSON.stringify(vector.headers ?? {})}`;
        expect(result.error?.code, `${label}: ${result.error?.message}`).toBe('validation_error');
        expect(result.error?.message, label).toMatch(new RegExp(`^${vector.guard}: `));
        expect(result.error?.retryable, label).toBe(false);
      }
      expect(h.fake.requests.length, endpoint).toBe(seen);
      expect(evilHits, endpoint).toBe(0);
    },
  );

  it.each(STAYS.map((v) => [v.name, v] as const))('lets %s reach only the fake', async (_name, vector) => {
    for (const tool of TOOLS) {
      const seen = h.fake.requests.length;
      const result = await h.call(tool, { endpoint: vector.endpoint(hosts) });
      // Whatever the fake answers (a success, a 404 for an unknown route), it answered it.
      expect(result.error?.code ?? 'success', tool).not.toBe('validation_error');
      expect(
        h.fake.requests.slice(seen).map((r) => r.path),
        tool,
      ).toEqual([vector.path]);
    }
    expect(evilHits).toBe(0);
  });

  it('an endpoint longer than the schema allows is refused as invalid input, nothing sent', async () => {
    const seen = h.fake.requests.length;
    const result = await h.call('social_get', { endpoint: `/2/users/${'9'.repeat(2041)}` });
    expect(result.error?.code).toBe('invalid_input');
    expect(h.fake.requests.length).toBe(seen);
  });

  it('query parameters with CRLF or a URL stay encoded query parameters on the fake', async () => {
    const seen = h.fake.requests.length;
    const result = await h.call('social_get', {
      endpoint: '/2/users',
      query_params: { ids: '1001\r\nHost: evil.example', next: `${hosts.E}/steal`, '@evil.example': 'x' },
    });
    expect(result.error?.code ?? 'success').not.toBe('validation_error');
    const sent = h.fake.requests.slice(seen);
    expect(sent.map((r) => r.path)).toEqual(['/2/users']);
    expect(sent[0]?.query).toMatchObject({ ids: '1001\r\nHost: evil.example', next: `${hosts.E}/steal` });
    expect(evilHits).toBe(0);
  });

  it.each([
    ['to the evil listener', (x: Hosts) => `${x.E}/steal`, 302],
    ['permanent, to the evil listener', (x: Hosts) => `${x.E}/steal`, 301],
    ['method-keeping 307', (x: Hosts) => `${x.E}/steal`, 307],
    ['method-keeping 308', (x: Hosts) => `${x.E}/steal`, 308],
    ['to cloud metadata', () => 'http://169.254.169.254/latest/meta-data/', 302],
    ['to a file URL', () => 'file:///etc/passwd', 302],
    ['protocol-relative', (x: Hosts) => `//127.0.0.1:${x.EP}/steal`, 302],
    ['to another path on the fake itself', (x: Hosts) => `${x.F}/2/users/1001`, 302],
  ] as const)('a redirect %s is refused, never followed', async (_name, location, status) => {
    for (const tool of TOOLS) {
      h.fake.faults.inject({ path: '/2/lists', action: faultPresets.redirect(location(hosts), status) });
      const seen = h.fake.requests.length;
      const args: Record<string, unknown> = { endpoint: '/2/lists' };
      if (tool === 'social_post' || tool === 'social_put') args.body = { name: 'x' };
      const result = await h.call(tool, args);
      expect(result.error?.code, tool).toBe('validation_error');
      expect(result.error?.message, tool).toMatch(/^redirect guard: /);
      expect(
        h.fake.requests.slice(seen).map((r) => `${r.path} ${r.status}`),
        tool,
      ).toEqual([`/2/lists ${status}`]);
    }
    expect(evilHits).toBe(0);
  });
});
