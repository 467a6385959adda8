// Operations are filed by domain with one naming form: src/operations/<domain>/<what>-operation(s).ts, one
// folder deep, and every operation in the registry comes from such a file. A capability exists once: no two
// operations bind the same HTTP route or the same tool name.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../src/operations/registry.js';

const ROOT = new URL('../src/operations/', import.meta.url);
const files = readdirSync(ROOT, { recursive: true, encoding: 'utf8' }).filter(
  (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
);
const declaring = files.filter((f) => /\bdefineOperation\(/.test(readFileSync(new URL(f, ROOT), 'utf8')));

describe('operations filed by domain', () => {
  it('every file that declares operations is <domain>/<what>-operation(s).ts', () => {
    const misfiled = declaring.filter(
      (f) => f !== 'define-operation.ts' && !/^[a-z]+\/[a-z0-9-]+-operations?\.ts$/.test(f),
    );
    expect(misfiled).toEqual([]);
    // A sanity floor: the scan sees the tree (a wrong root would pass the check above vacuously).
    expect(declaring.length).toBeGreaterThan(60);
  });

  it('nothing is filed deeper than one domain folder, nor by the face it started on', () => {
    expect(files.filter((f) => f.split('/').length > 2)).toEqual([]);
    expect(files.filter((f) => /^(tools|http|mcp)\//.test(f))).toEqual([]);
  });

  it('one operation per capability: no route and no tool name is bound twice', () => {
    const routes = OPERATIONS.flatMap((op) => (op.http ? [`${op.http.method} ${op.http.path}`] : []));
    const tools = OPERATIONS.flatMap((op) => (op.tool ? [op.tool.name] : []));
    const names = OPERATIONS.map((op) => op.name);
    const twice = (list: string[]) => list.filter((item, i) => list.indexOf(item) !== i);
    expect([...twice(routes), ...twice(tools), ...twice(names)]).toEqual([]);
  });
});
