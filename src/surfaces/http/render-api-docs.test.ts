import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../infra/package-root.js';
import { OPERATIONS } from '../../operations/registry.js';
import { renderApiDocs } from './render-api-docs.js';

describe('docs/api.md', () => {
  it('matches the operation registry (run `npm run gen` after changing an operation)', () => {
    expect(readFileSync(packagePath('docs', 'api.md'), 'utf8')).toBe(renderApiDocs());
  });

  it('documents every HTTP operation', () => {
    const docs = renderApiDocs();
    for (const op of OPERATIONS) if (op.http) expect(docs).toContain(`### ${op.http.method} ${op.http.path}`);
  });
});
