import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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
});
