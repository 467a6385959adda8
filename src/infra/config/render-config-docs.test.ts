import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_SECTION_NAMES, SERVICE_SETTINGS } from '../../contracts/config/accounts.js';
import { configLeaves } from '../../core/domain/schema-walk.js';
import { packagePath } from '../package-root.js';
import { renderConfigDocs } from './render-config-docs.js';

describe('docs/configuration.md', () => {
  it('matches the schema (run `npm run gen` after changing the config schema)', () => {
    expect(readFileSync(packagePath('docs', 'configuration.md'), 'utf8')).toBe(renderConfigDocs());
  });

  it('documents every key with its env var', () => {
    const docs = renderConfigDocs();
    for (const leaf of configLeaves()) expect(docs).toContain(`\`${leaf.env}\``);
  });

  it('documents the account tables: each section an account may override, each setting it may not', () => {
    const docs = renderConfigDocs();
    expect(docs).toContain('## `[accounts.<name>]`');
    expect(docs).toContain('## Several accounts');
    for (const section of ACCOUNT_SECTION_NAMES)
      expect(docs).toContain(`| \`[accounts.<name>.${section}]\` |`);
    const perService = docs.slice(docs.indexOf('**Per service, never per account.**'));
    for (const [key, { where }] of Object.entries(SERVICE_SETTINGS))
      if (key !== 'accounts')
        expect(perService).toContain(where.startsWith('in [') ? `\`[${key}]\`` : `\`${key}\``);
  });
});
