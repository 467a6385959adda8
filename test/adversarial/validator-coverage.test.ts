// Every config key and every operation field that holds a URL, a host or a path has a validator, proven by a
// value it refuses. A new key or field of that kind without an entry here fails the first test of its
// group: it must be given a validator (and an entry) before it ships, since settings and tool calls are how
// a holder of the API token or an agent reaches the network and the disk.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigSchema } from '../../src/contracts/config/config.js';
import { configLeaves } from '../../src/core/domain/schema-walk.js';
import { validateRaw } from '../../src/infra/config/load-config.js';
import { OPERATIONS } from '../../src/operations/registry.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { type McpHarness, startMcpHarness } from '../support/mcp-harness.js';

/** Names that hold a URL, a host or a path. */
const HOLDS_PLACE = /(url|uri|path|paths|dir|dirs|host|hosts|proxies|endpoint)$/i;

const NOT_HTTP = 'ftp://files.example.org/x';
const URL_KEYS = configLeaves()
  .map((leaf) => leaf.key)
  .filter((key) => /_(url|uri)$/.test(key));

/** Config key → a value its validator refuses, and what the refusal says. */
const CONFIG_GUARDS: Record<string, { bad: unknown; says: RegExp }> = {
  ...Object.fromEntries(URL_KEYS.map((key) => [key, { bad: NOT_HTTP, says: /expected an http\(s\) URL/ }])),
  'auth.callback_host': { bad: 'http://evil.example', says: /is not a host name or IP address/ },
  'server.host': { bad: 'evil.example/path', says: /is not a host name or IP address/ },
  'server.allowed_hosts': { bad: ['a b'], says: /is not a host name or IP address/ },
  'server.trusted_proxies': { bad: ['10.0.0.0/33'], says: /is not an IP address, a CIDR range/ },
  'storage.db_path': { bad: '/etc/app.db', says: /is in a system location/ },
  'storage.url': { bad: 'http://db.example/app', says: /must be a postgres:\/\/ or postgresql:\/\/ URL/ },
  'mcp_policy.upload_allowed_dirs': { bad: ['/etc'], says: /\/etc is a system location/ },
  'content_sources.sources': {
    bad: [{ source_type: 'local_fs', path: '/etc', file_patterns: ['*.md'] }],
    says: /\/etc is a system location/,
  },
};

describe('config keys that hold a URL, a host or a path', () => {
  it('each has a validator entry here', () => {
    const holding = configLeaves()
      .map((leaf) => leaf.key)
      .filter((key) => HOLDS_PLACE.test(key) || key === 'content_sources.sources');
    expect(holding.length).toBeGreaterThan(15);
    expect(holding.filter((key) => !(key in CONFIG_GUARDS))).toEqual([]);
  });

  it.each(Object.entries(CONFIG_GUARDS))('%s refuses a bad value on save', (key, { bad, says }) => {
    const [section = '', ...rest] = key.split('.');
    // At most two levels (connectors.cloud_drive.x): the config's deepest keys.
    const raw: Record<string, unknown> =
      rest.length === 2
        ? { [section]: { [rest[0] as string]: { [rest[1] as string]: bad } } }
        : { [section]: { [rest[0] as string]: bad } };
    const { issues } = validateRaw(raw, new Map(), { purpose: 'save' });
    const errors = issues.filter((issue) => issue.severity === 'error' && issue.key.startsWith(key));
    expect(errors.map((issue) => issue.message).join('\n')).toMatch(says);
    expect(ConfigSchema.safeParse({}).success).toBe(true);
  });
});

/** Fields of operation inputs (as JSON Schema, refs followed) whose names hold a URL, a host or a path. */
function placeFields(): string[] {
  const found = new Set<string>();
  for (const operation of OPERATIONS) {
    const schema = z.toJSONSchema(operation.input, { io: 'input', unrepresentable: 'any' }) as Record<
      string,
      unknown
    >;
    const defs = (schema.$defs ?? {}) as Record<string, unknown>;
    const visit = (node: unknown, at: string[], seen: Set<unknown>): void => {
      if (!node || typeof node !== 'object' || seen.has(node)) return;
      seen.add(node);
      const n = node as Record<string, unknown>;
      if (typeof n.$ref === 'string') visit(defs[n.$ref.split('/').at(-1) ?? ''], at, seen);
      for (const [name, child] of Object.entries((n.properties ?? {}) as Record<string, unknown>)) {
        if (HOLDS_PLACE.test(name)) found.add(`${operation.name} ${[...at, name].join('.')}`);
        visit(child, [...at, name], seen);
      }
      if (n.items) visit(n.items, [...at, '[]'], seen);
      for (const key of ['anyOf', 'oneOf', 'allOf'])
        for (const child of (n[key] ?? []) as unknown[]) visit(child, at, seen);
    };
    visit(schema, [], new Set());
  }
  return [...found].sort();
}

/** Operation field → a request carrying a bad value, and what the refusal says. */
type Face =
  | { http: [method: 'POST' | 'PATCH', url: string, body: unknown] }
  | { tool: [string, object] }
  /** A draft keeps what it is given as text (autosave must never lose work); its media are judged when it
   * is published, where the path would first be read. */
  | { draft: { create?: Record<string, unknown>; update?: Record<string, unknown> } };
const ROUTE_GUARDS: Record<string, { face: Face; says: RegExp }> = {
  'content.compose media_paths': {
    face: {
      http: [
        'POST',
        '/api/content/compose',
        { content_type: 'tweet', content: 'x', media_paths: ['/etc/passwd'] },
      ],
    },
    says: /media/,
  },
  'content.compose blocks.[].media_paths': {
    face: {
      http: [
        'POST',
        '/api/content/compose',
        {
          content_type: 'thread',
          content: '',
          blocks: [
            { id: 'a', text: 'one', media_paths: ['../../x.png'] },
            { id: 'b', text: 'two' },
          ],
        },
      ],
    },
    says: /media/,
  },
  'drafts.create media_paths': {
    face: { draft: { create: { content: 'x', media_paths: ['/etc/passwd'] } } },
    says: /media/,
  },
  'drafts.create blocks.[].media_paths': {
    face: {
      draft: {
        create: {
          content_type: 'thread',
          blocks: [
            { id: 'a', text: 'one', media_paths: ['/etc/passwd'] },
            { id: 'b', text: 'two' },
          ],
        },
      },
    },
    says: /media/,
  },
  'drafts.update media_paths': {
    face: { draft: { update: { media_paths: ['../../secret.png'] } } },
    says: /media/,
  },
  'drafts.update blocks.[].media_paths': {
    face: {
      draft: {
        update: {
          content_type: 'thread',
          blocks: [
            { id: 'a', text: 'one', media_paths: ['/root/.ssh/id_rsa'] },
            { id: 'b', text: 'two' },
          ],
        },
      },
    },
    says: /media/,
  },
  'approvals.edit media_paths': {
    face: { http: ['PATCH', '/api/approval/1', { media_paths: ['/etc/passwd'] }] },
    says: /media|not found|approval/i,
  },
  'setup.init business.product_url': {
    face: { http: ['POST', '/api/setup/init', { 'business.product_url': NOT_HTTP }] },
    says: /business\.product_url.*http\(s\) URL/,
  },
  'setup.init llm.base_url': {
    face: { http: ['POST', '/api/setup/init', { 'llm.base_url': NOT_HTTP }] },
    says: /llm\.base_url.*http\(s\) URL/,
  },
  'platform_auth.start base_url': {
    face: { http: ['POST', '/api/auth/platform/start', { base_url: 'http://evil.example:3001' }] },
    says: /host|base_url/,
  },
  'settings.test_llm base_url': {
    face: { http: ['POST', '/api/settings/test-llm', { base_url: NOT_HTTP }] },
    says: /http\(s\) URL/,
  },
  'social_upload_media file_path': {
    face: { tool: ['social_upload_media', { file_path: '/etc/passwd' }] },
    says: /file_path is not a readable file inside the media folder/,
  },
  'social_get endpoint': {
    face: { tool: ['social_get', { endpoint: 'https://evil.example/x' }] },
    says: /guard/,
  },
  'social_post endpoint': { face: { tool: ['social_post', { endpoint: '/../../x' }] }, says: /guard/ },
  'social_put endpoint': {
    face: { tool: ['social_put', { endpoint: 'http://169.254.169.254/' }] },
    says: /guard/,
  },
  'social_delete endpoint': {
    face: { tool: ['social_delete', { endpoint: '//evil.example/x' }] },
    says: /guard/,
  },
};

describe('operation fields that hold a URL, a host or a path', () => {
  let http: HttpHarness;
  let tools: McpHarness;
  beforeAll(async () => {
    http = await startHttpHarness({ approval_mode: false });
    tools = await startMcpHarness({ profile: 'admin' });
  });
  afterAll(async () => {
    await http?.close();
    await tools?.close();
  });

  it('each has a validator entry here', () => {
    const fields = placeFields();
    expect(fields.length).toBeGreaterThan(10);
    expect(fields.filter((field) => !(field in ROUTE_GUARDS))).toEqual([]);
  });

  it.each(Object.entries(ROUTE_GUARDS))('%s refuses a bad value', async (_field, { face, says }) => {
    if ('draft' in face) {
      const made = await http.api('POST', '/api/content/drafts', face.draft.create ?? { content: 'x' });
      expect(made.status).toBe(201);
      if (face.draft.update) {
        const updated = await http.api('PATCH', `/api/content/drafts/${made.json.id}`, {
          ...face.draft.update,
          version: made.json.version,
        });
        expect(updated.status).toBe(200);
      }
      const answer = await http.api('POST', `/api/content/drafts/${made.json.id}/publish`, {});
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.json.error)).toMatch(says);
    } else if ('http' in face) {
      const [method, url, body] = face.http;
      const answer = await http.api(method, url, body);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(JSON.stringify(answer.json.error)).toMatch(says);
    } else {
      const [tool, args] = face.tool;
      const answer = await tools.call(tool, args as Record<string, unknown>);
      expect(answer.success).toBe(false);
      expect(answer.error?.message).toMatch(says);
    }
  });
});
