// The checked-in manifests and tool reference are the code's: a tool or profile change without `npm run gen`
// fails here. Also what each manifest entry must carry.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packagePath, packageVersion } from '../../infra/package-root.js';
import { buildManifest, MANIFEST_PROFILES, renderManifestJson, renderManifestTable } from './manifest.js';
import { renderToolDocs } from './render-tool-docs.js';

describe('manifests', () => {
  it.each(MANIFEST_PROFILES)('docs/manifests/%s.json matches the code (run `npm run gen`)', (profile) => {
    const file = readFileSync(packagePath('docs', 'manifests', `${profile}.json`), 'utf8');
    expect(file).toBe(renderManifestJson(buildManifest(profile, packageVersion())));
  });

  it('docs/tools.md matches the code (run `npm run gen`)', () => {
    expect(readFileSync(packagePath('docs', 'tools.md'), 'utf8')).toBe(renderToolDocs());
  });

  it('has the spec counts and the fields an agent host needs per tool', () => {
    const counts = Object.fromEntries(
      MANIFEST_PROFILES.map((p) => [p, buildManifest(p, '0.0.0').tool_count]),
    );
    expect(counts).toEqual({ write: 112, admin: 139, readonly: 14, 'api-readonly': 45 });
    const write = buildManifest('write', '0.0.0');
    const like = write.tools.find((t) => t.name === 'social_like_tweet');
    expect(like).toMatchObject({
      category: 'engage',
      mutation: true,
      requires_social_client: true,
      policy_gated: 'gateway',
      profiles: ['write', 'admin'],
    });
    expect(like?.possible_error_codes).toEqual(
      expect.arrayContaining([
        'policy_denied_blocked',
        'policy_denied_rate_limited',
        'social_not_configured',
      ]),
    );
    expect(write.tools.map((t) => t.name)).toEqual([...write.tools.map((t) => t.name)].sort());
  });

  it('read-only profiles list no mutation', () => {
    for (const profile of ['readonly', 'api-readonly'] as const) {
      expect(buildManifest(profile, '0.0.0').tools.filter((t) => t.mutation)).toEqual([]);
    }
  });

  it('renders a table with one row per tool', () => {
    const table = renderManifestTable(buildManifest('readonly', '0.0.0'));
    expect(table.split('\n')[0]).toBe('profile readonly: 14 tools (0 mutations)');
    expect(table).toMatch(/^score_tweet\s+scoring\s+shared\s+-\s+---/m);
  });
});
