// SSRF vectors against the universal request tools (social_get/post/put/delete), each run through the real
// tool over the in-memory MCP client with the fake platform as every allowed host, and a second "evil"
// listener on 127.0.0.1. A vector is either refused with validation_error naming its guard, nothing sent
// anywhere, or it provably stays on the allowed hosts; the evil listener never sees a connection.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { faultPresets } from '../../src/infra/sandbox/social/index.js';
import { type McpHarness, startMcpHarness } from '../support/mcp-harness.js';

/** `F`: the fake's origin, `FP` its port, `E` the evil origin, `EP` its port. */
interface Hosts {
  F: string;
  FP: number;
  E: string;
  EP: number;
}

const P = '/2/users/me';

/**
 * Refused before anything leaves, grouped by the guard that must name itself in the message. `{F}` is the
 * fake's origin, `{FP}` its port, `{E}` the evil origin, `{EP}` its port.
 */
const REFUSED: Record<string, Array<[name: string, endpoint: string]>> = {
  'host allowlist guard': [
    ['another host', `https://evil.example${P}`],
    ['localhost alias', `http://localhost:{FP}${P}`],
    ['evil port on 127.0.0.1', `{E}${P}`],
    ['default port', `http://127.0.0.1${P}`],
    ['https on the http port', `https://127.0.0.1:{FP}${P}`],
    ['port 80', `http://127.0.0.1:80${P}`],
    ['port out of range', `http://127.0.0.1:65536${P}`],
    ['double port', `http://127.0.0.1:{FP}:{EP}${P}`],
    ['port then host', `http://127.0.0.1:{FP}.evil.example${P}`],
    ['nip.io wildcard DNS', `http://127.0.0.1.nip.io:{FP}${P}`],
    ['subdomain look-alike', `http://127.0.0.1.evil.example:{FP}${P}`],
    ['IPv6 zone id', `http://[::1%25lo]:{FP}${P}`],
    ['encoded @', `http://evil.example%40127.0.0.1:{FP}${P}`],
    ['fragment before @', `http://evil.example#@127.0.0.1:{FP}${P}`],
    ['ideographic full stops', `http://127\u30020\u30020\u30021:{FP}${P}`],
    ['fullwidth full stops', `http://127\uFF0E0\uFF0E0\uFF0E1:{FP}${P}`],
    ['fullwidth digits', `http://\uFF11\uFF12\uFF17.\uFF10.\uFF10.\uFF11:{FP}${P}`],
    ['circled letters', `http://\u24DB\u24DE\u24D2\u24D0\u24DB\u24D7\u24DE\u24E2\u24E3:{FP}${P}`],
    ['Cyrillic homoglyph', `https://\u0430pi.x.com${P}`],
    ['punycode host', `https://xn--pi-7kc.x.com${P}`],
    ['encoded ideographic dot', `http://127.0.0.1%E3%80%82:{FP}${P}`],
  ],
  'IP-literal guard': [
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['decimal', `http://2130706433:{FP}${P}`],
    ['hex', `http://0x7f000001:{FP}${P}`],
    ['octal dotted', `http://0177.0.0.1:{FP}${P}`],
    ['octal padded', `http://0177.0000.0000.0001:{FP}${P}`],
    ['octal whole', `http://017700000001:{FP}${P}`],
    ['hex dotted', `http://0x7f.0x0.0x0.0x1:{FP}${P}`],
    ['short 127.1', `http://127.1:{FP}${P}`],
    ['short 127.0.1', `http://127.0.1:{FP}${P}`],
    ['mixed hex short', `http://0x7f.1:{FP}${P}`],
    ['zero', `http://0:{FP}${P}`],
    ['0.0.0.0', `http://0.0.0.0:{FP}${P}`],
    ['trailing dot', `http://127.0.0.1.:{FP}${P}`],
    ['private 10/8', `http://10.0.0.1${P}`],
    ['private 192.168/16', `http://192.168.1.1${P}`],
    ['IPv6 loopback', `http://[::1]:{FP}${P}`],
    ['IPv6 unspecified', `http://[::]:{FP}${P}`],
    ['IPv4-mapped IPv6', `http://[::ffff:127.0.0.1]:{FP}${P}`],
    ['IPv4-mapped IPv6 hex', `http://[::ffff:7f00:1]:{FP}${P}`],
    ['IPv4-mapped long form', `http://[0:0:0:0:0:ffff:127.0.0.1]:{FP}${P}`],
    ['IPv6 metadata', 'http://[fd00:ec2::254]/latest/'],
  ],
  'userinfo guard': [
    ['platform name as userinfo', `https://api.x.com@evil.example${P}`],
    ['fake origin as userinfo', `{F}@evil.example${P}`],
    ['credentials', `http://user:pass@127.0.0.1:{FP}${P}`],
  ],
  'scheme guard': [
    ['file', 'file:///etc/passwd'],
    ['gopher', 'gopher://127.0.0.1:{FP}/_GET%20/'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/plain,hello'],
    ['ftp', 'ftp://127.0.0.1:{FP}/'],
    ['uppercase FILE', 'FILE:///etc/passwd'],
    ['jar wrapper', 'jar:{E}/x.jar!/'],
    ['one slash', `http:/evil.example${P}`],
    ['no slash', `https:evil.example${P}`],
    ['backslashes for slashes', 'http:\\\\evil.example\\2\\users'],
  ],
  'path guard': [
    ['protocol-relative', `//evil.example${P}`],
    ['triple slash', `///evil.example${P}`],
    ['leading space', ` http://evil.example${P}`],
    ['relative path', '2/users/me'],
    ['overlong UTF-8 dots', '/2/users/%c0%ae%c0%ae/admin'],
    ['empty segment', '/2//users/me'],
    ['space in the path', '/2/users/me HTTP/1.1'],
  ],
  'dot-segment guard': [
    ['plain traversal', '/2/users/../../admin'],
    ['trailing ..', '/2/users/me/..'],
    ['single dot', '/2/users/./me'],
    ['encoded dots', '/2/users/%2e%2e/admin'],
    ['mixed-case encoded dots', '/2/users/%2E%2e/admin'],
    ['half-encoded dots', '/2/users/.%2e/admin'],
    ['double-encoded dots', '/2/users/%252e%252e/admin'],
    ['triple-encoded dots', '/2/users/%25252e%25252e/admin'],
    ['matrix param traversal', '/2/users/me;/../admin'],
  ],
  'encoded-separator guard': [
    ['backslash before @', `http://127.0.0.1:{FP}\\@evil.example${P}`],
    ['backslash traversal', '/2/users\\..\\..\\admin'],
    ['encoded slash', '/2/users%2fme'],
    ['encoded slash upper', '/2/users%2Fme'],
    ['double-encoded slash', '/2/users%252fme'],
    ['encoded backslash', '/2/users%5c..%5cadmin'],
    ['encoded traversal to /etc', '/%2e%2e%2f%2e%2e%2fetc/passwd'],
  ],
  'control-character guard': [
    ['CRLF header injection', `${P}\r\nHost: evil.example`],
    ['encoded CRLF', `${P}%0d%0aHost:%20evil.example`],
    ['NUL', `${P}\u0000.png`],
    ['encoded NUL', `${P}%00`],
    ['tab', `${P}\t`],
    ['tab in the scheme', `h\tttp://evil.example${P}`],
    ['line separator', `${P}\u2028`],
  ],
  'query guard': [
    ['query before @', `http://127.0.0.1:{FP}?@evil.example${P}`],
    ['fragment with @', `${P}#@evil.example`],
    ['fragment on the origin', `{F}#@evil.example${P}`],
    ['query in the path', `${P}?url=http://evil.example`],
  ],
};

/** Refused by the header guard (on a harmless endpoint): CRLF, NUL, credentials, routing and framing. */
const REFUSED_HEADERS: Array<[name: string, headers: Record<string, string>]> = [
  ['header value CRLF', { 'x-a': 'a\r\nHost: evil.example' }],
  ['header value NUL', { 'x-a': 'a\u0000b' }],
  ['header name CRLF', { 'x-a\r\nHost': 'evil' }],
  ['header name with colon', { 'Host:': 'evil.example' }],
  ['Host header', { Host: 'evil.example' }],
  ['Authorization header', { authorization: 'Bearer stolen' }],
  ['Transfer-Encoding', { 'Transfer-Encoding': 'chunked' }],
  ['Content-Length', { 'Content-Length': '0' }],
  ['X-Forwarded-Host', { 'X-Forwarded-Host': 'evil.example' }],
  ['Forwarded', { Forwarded: 'host=evil.example' }],
  ['X-Original-URL', { 'X-Original-URL': '/admin' }],
  ['method override', { 'X-HTTP-Method-Override': 'DELETE' }],
  ['header value beyond Latin-1', { 'x-a': 'caf\u00e9 \u{1F642}' }],
];

interface Vector {
  name: string;
  endpoint: string;
  headers?: Record<string, string>;
  guard: string;
}

const VECTORS: Vector[] = [
  ...Object.entries(REFUSED).flatMap(([guard, list]) =>
    list.map(([name, endpoint]) => ({ name, endpoint, guard })),
  ),
  ...REFUSED_HEADERS.map(([name, headers]) => ({ name, endpoint: P, headers, guard: 'header guard' })),
];

/** Allowed spellings of an allowed origin: they may go out, but only to the fake. */
const STAYS: Array<[name: string, endpoint: string, path: string]> = [
  ['uppercase scheme and host', `HTTP://127.0.0.1:{FP}${P}`, P],
  ['leading-zero port', `http://127.0.0.1:0{FP}${P}`, P],
  ['plain path', P, P],
  ['encoded harmless character', '/2/users/by/username/app%5Fowner', '/2/users/by/username/app%5Fowner'],
  ['path at the length limit', `/2/x${'/a'.repeat(1022)}`, `/2/x${'/a'.repeat(1022)}`],
];

/** The endpoint with the placeholders filled in. */
const fill = (endpoint: string) =>
  endpoint
    .replaceAll('{F}', hosts.F)
    .replaceAll('{FP}', String(hosts.FP))
    .replaceAll('{E}', hosts.E)
    .replaceAll('{EP}', String(hosts.EP));

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
  it(`has at least 60 vectors (${VECTORS.length + STAYS.length})`, () => {
    expect(VECTORS.length + STAYS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(VECTORS.map((v) => v.name)).size).toBe(VECTORS.length);
  });

  it.each(VECTORS.map((v) => [v.name, v] as const))(
    'refuses %s with validation_error, nothing sent',
    async (_name, vector) => {
      const endpoint = fill(vector.endpoint);
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

  it.each(STAYS)('lets %s reach only the fake', async (_name, endpoint, path) => {
    for (const tool of TOOLS) {
      const seen = h.fake.requests.length;
      const result = await h.call(tool, { endpoint: fill(endpoint) });
      // Whatever the fake answers (a success, a 404 for an unknown route), it answered it.
      expect(result.error?.code ?? 'success', tool).not.toBe('validation_error');
      expect(
        h.fake.requests.slice(seen).map((r) => r.path),
        tool,
      ).toEqual([path]);
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
