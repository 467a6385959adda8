import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../infra/package-root.js';
import { OPERATIONS } from '../../operations/registry.js';
import { renderApiDocs } from './render-api-docs.js';

describe('docs/api.md', () => {
  it('matches the operation registry (run `npm run gen` after changing an operation)', () => {
    expect(readFileSync(packagePath('docs', 'api.md'), 'utf8')).toBe(renderApiDocs());
  });

  it('shows every field of nested objects, with which are required, and never an untyped field', () => {
    const docs = renderApiDocs();
    const compose = docs.slice(docs.indexOf('### POST /api/content/compose'), docs.indexOf('## Drafts'));
    expect(compose).toContain('| `blocks` | object[] or object | no | body |');
    expect(compose).toContain('| `blocks[].id` | string | yes | body |');
    expect(compose).toContain('| `blocks[].text` | string | yes | body |');
    expect(compose).toContain('| `blocks[].media_paths` | string[] | no | body | `[]` |');
    expect(compose).toMatch(
      /\| `blocks\[\]\.order` \| integer \| no \| body \| {2}\| Zero-based position; default: the card’s position in the array\. \|/,
    );
    expect(compose).toContain('| `blocks.version` | `1` | yes | body |');
    const draft = docs.slice(docs.indexOf('### GET /api/content/drafts/{id}'));
    expect(draft).toContain(
      '`blocks` (object[] or null, each {`id` (string), `text` (string), `media_paths` (string[]), `order` (integer)})',
    );
    expect(docs).not.toMatch(/\| any \||\(any[,)]/);
  });

  it('documents every HTTP operation', () => {
    const docs = renderApiDocs();
    for (const op of OPERATIONS) if (op.http) expect(docs).toContain(`### ${op.http.method} ${op.http.path}`);
  });
});
