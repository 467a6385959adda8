// Proves the layer rules in biome.json bite: each probe is a one-import file written into the folder a rule
// guards (unique names, removed afterwards), linted with the project's Biome in one run; a forbidden
// import must draw that rule's message, an allowed one no layer diagnostic at all.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const BIOME = join(ROOT, 'node_modules', '.bin', 'biome');

// The start of each rule's message in biome.json.
const RULE = {
  socialWrite: 'House rule 3',
  core: 'src/core must not import',
  gateway: 'src/core/gateway must not import src/core/services',
  domain: 'src/core/domain is pure',
  contracts: 'src/contracts imports only zod',
  surfaces: 'src/surfaces reach src/infra only through',
  web: 'web/ imports only',
  testCode: 'Nothing under src/ imports test/',
  operations: 'src/operations declares what it needs',
  automation: 'src/automation declares what the loops need',
  infra: 'src/infra implements the core',
  app: 'src/app builds the parts the faces use',
  // Plugins (scripts/lint/*.grit) that keep every import visible to the rules above.
  importType: 'Import the type with an import statement',
  pathAsWritten: "Write the import path without '..' after a folder name",
} as const;

interface Probe {
  /** Folder under the repository root the probe file is written to. */
  dir: string;
  source: string;
  /** The rule that must fire, or undefined when the import is allowed. */
  rule?: keyof typeof RULE;
  ext?: 'ts' | 'test.ts';
}

const use = (specifier: string, name = 'probe') =>
  `import * as ${name} from '${specifier}';\nexport const used = ${name};\n`;
const named = (names: string, specifier: string) =>
  `import type { ${names} } from '${specifier}';\nexport type Used = ${names.split(',')[0]};\n`;

// wall clock: a unique name for the probe file, not a date
const ID = `__layers_probe_${process.pid}_${Date.now().toString(36)}`;
const DEEP = `src/contracts/tools/${ID}`;

const PROBES: Probe[] = [
  // src/contracts: zod and other contracts only, at any depth.
  { dir: 'src/contracts', source: use('../core/errors.js'), rule: 'contracts' },
  { dir: 'src/contracts', source: use('node:fs'), rule: 'contracts' },
  { dir: 'src/contracts', source: use('./social.js') },
  { dir: 'src/contracts', source: use('zod') },
  { dir: 'src/contracts/tools', source: use('../../core/errors.js'), rule: 'contracts' },
  { dir: 'src/contracts/tools', source: use('../../infra/package-root.js'), rule: 'contracts' },
  { dir: 'src/contracts/tools', source: use('../errors.js') },
  { dir: 'src/contracts/tools', source: use('../config/mcp-policy.js') },
  { dir: DEEP, source: use('../../../core/errors.js'), rule: 'contracts' },
  { dir: DEEP, source: use('../../errors.js') },
  // src/core: never the outer layers.
  { dir: 'src/core', source: use('../infra/package-root.js'), rule: 'core' },
  { dir: 'src/core/services', source: use('../../surfaces/cli/cli-io.js'), rule: 'core' },
  { dir: 'src/core/services', source: use('../../app/wiring/create-app.js'), rule: 'core' },
  { dir: 'src/core/ports', source: use('../../operations/registry.js'), rule: 'core' },
  { dir: 'src/core/services', source: use('../../automation/scheduler.js'), rule: 'core' },
  { dir: 'src/core/services', source: use('../domain/object-path.js') },
  { dir: 'src/core/services', source: use('../ports/clock.js') },
  // src/core/gateway: services use the gateway, not the reverse.
  { dir: 'src/core/gateway', source: use('../services/content-deps.js'), rule: 'gateway' },
  { dir: 'src/core/gateway', source: use('../../infra/package-root.js'), rule: 'core' },
  { dir: 'src/core/gateway', source: named('SocialWrite', '../ports/social.js') },
  // src/core/domain: pure.
  { dir: 'src/core/domain', source: use('../ports/clock.js'), rule: 'domain' },
  { dir: 'src/core/domain', source: use('../services/content-deps.js'), rule: 'domain' },
  { dir: 'src/core/domain', source: use('../../infra/package-root.js'), rule: 'domain' },
  { dir: 'src/core/domain', source: use('node:util'), rule: 'domain' },
  { dir: 'src/core/domain', source: use('kysely'), rule: 'domain' },
  { dir: 'src/core/domain', source: use('../../contracts/social.js') },
  { dir: 'src/core/domain', source: use('./object-path.js') },
  { dir: 'src/core/domain', source: use('../errors.js') },
  { dir: 'src/core/domain', source: use('zod') },
  { dir: 'src/core/domain', source: use('twitter-text') },
  // src/surfaces: infra only through the composition root.
  { dir: 'src/surfaces/cli', source: use('../../infra/package-root.js'), rule: 'surfaces' },
  { dir: 'src/surfaces/http/routes', source: use('../../../infra/media/media-store.js'), rule: 'surfaces' },
  { dir: 'src/surfaces/cli', source: use('../../app/config-file.js') },
  { dir: 'src/surfaces/http', source: use('../../core/domain/media-rules.js') },
  // src/operations: what it needs comes through its deps (operation-deps.ts), never the outer layers.
  { dir: 'src/operations', source: use('../infra/package-root.js'), rule: 'operations' },
  { dir: 'src/operations/settings', source: use('../../app/local-data.js'), rule: 'operations' },
  { dir: 'src/operations/platform', source: use('../../surfaces/http/build-server.js'), rule: 'operations' },
  { dir: 'src/operations', source: use('../automation/scheduler.js'), rule: 'operations' },
  { dir: 'src/operations', source: use('../core/domain/object-path.js') },
  { dir: 'src/operations', source: use('./define-operation.js') },
  // src/automation: the loops reach everything through their deps (loop-deps.ts).
  { dir: 'src/automation', source: use('../app/wiring/create-app.js'), rule: 'automation' },
  { dir: 'src/automation/loops', source: use('../../operations/invoke-operation.js'), rule: 'automation' },
  { dir: 'src/automation/loops', source: use('../../infra/social/token-manager.js'), rule: 'automation' },
  { dir: 'src/automation', source: use('../surfaces/cli/cli-io.js'), rule: 'automation' },
  { dir: 'src/automation/loops', source: use('../../core/services/discovery/run-discovery.js') },
  { dir: 'src/automation', source: use('./scheduler.js') },
  // src/infra: implements ports; never core services, the gateway or the outer layers.
  { dir: 'src/infra/sqlite', source: use('../../core/services/content-deps.js'), rule: 'infra' },
  { dir: 'src/infra/process', source: use('../../core/gateway/publisher-deps.js'), rule: 'infra' },
  { dir: 'src/infra/social', source: use('../../core/gateway/mutation-gateway.js'), rule: 'infra' },
  { dir: 'src/infra', source: use('../app/wiring/create-app.js'), rule: 'infra' },
  { dir: 'src/infra/sqlite', source: use('../../operations/registry.js'), rule: 'infra' },
  { dir: 'src/infra', source: use('../automation/scheduler.js'), rule: 'infra' },
  { dir: 'src/infra', source: use('../surfaces/cli/cli-io.js'), rule: 'infra' },
  { dir: 'src/infra/sqlite', source: use('../../core/ports/clock.js') },
  { dir: 'src/infra/sqlite', source: use('../../core/domain/object-path.js') },
  // src/app: the composition root never imports a face.
  { dir: 'src/app', source: use('../surfaces/http/build-server.js'), rule: 'app' },
  { dir: 'src/app/wiring', source: use('../../surfaces/mcp/manifest.js'), rule: 'app' },
  { dir: 'src/app', source: use('../infra/package-root.js') },
  { dir: 'src/app/wiring', source: use('../../operations/registry.js') },
  // House rule 3: SocialWrite only in the gateway, infra/social and the composition root.
  { dir: 'src/operations', source: named('SocialWrite', '../core/ports/social.js'), rule: 'socialWrite' },
  {
    dir: 'src/operations',
    source: named('SocialRead, SocialWrite', '../core/ports/social.js'),
    rule: 'socialWrite',
  },
  { dir: 'src/operations', source: use('../core/ports/social.js', 'ports'), rule: 'socialWrite' },
  { dir: 'src/automation', source: named('SocialWrite', '../core/ports/social.js'), rule: 'socialWrite' },
  { dir: 'src/core/services', source: named('SocialWrite', '../ports/social.js'), rule: 'socialWrite' },
  {
    dir: 'src/surfaces/mcp',
    source: named('SocialWrite', '../../core/ports/social.js'),
    rule: 'socialWrite',
  },
  { dir: 'src/operations', source: named('SocialRead', '../core/ports/social.js') },
  { dir: 'src/infra/social', source: named('SocialWrite', '../../core/ports/social.js') },
  { dir: 'src/app', source: named('SocialWrite', '../core/ports/social.js') },
  // web/: contracts and the pure domain only.
  { dir: 'web', source: use('../src/infra/package-root.js'), rule: 'web' },
  { dir: 'web', source: use('../src/core/ports/social.js'), rule: 'web' },
  { dir: 'web', source: use('../src/operations/registry.js'), rule: 'web' },
  { dir: 'web', source: use('../src/contracts/social.js') },
  { dir: 'web', source: use('../src/core/domain/weighted-length.js') },
  { dir: 'web', source: use('react') },
  // No test code in the product: nothing under src/ imports test/, e2e/ or bench/ (tests beside the code may).
  { dir: 'src/app/simulation', source: use('../../../test/fakes/llm/index.js'), rule: 'testCode' },
  { dir: 'src/infra/sandbox', source: use('../../../test/support/temp-home.js'), rule: 'testCode' },
  { dir: 'src/infra/social', source: use('../../../e2e/support/browser.js'), rule: 'testCode' },
  { dir: 'src/app', source: use('../../test/support/temp-home.js'), rule: 'testCode' },
  { dir: 'src/core/services', source: use('../../../test/support/temp-home.js'), rule: 'testCode' },
  { dir: 'src/core/gateway', source: use('../../../bench/run.js'), rule: 'testCode' },
  { dir: 'src/surfaces/cli', source: use('../../../test/support/run-app.js'), rule: 'testCode' },
  { dir: 'src/infra/sandbox/social', source: use('../../../core/domain/schema-walk.js') },
  {
    dir: 'src/infra/sandbox/social',
    source: use('../../../../test/support/temp-home.js'),
    ext: 'test.ts',
  },
  // Imports the rules could not see: import-type expressions and '..' after a folder name.
  {
    dir: 'src/operations',
    source: "export type Read = import('../core/ports/social.js').SocialRead;\n",
    rule: 'importType',
  },
  { dir: 'src/core/domain', source: use('../../contracts/../infra/package-root.js'), rule: 'pathAsWritten' },
  { dir: 'src/surfaces/cli', source: "export const later = () => import('../../app/config-file.js');\n" },
  // Tests wire real infrastructure (real SQLite, fakes): the layer rules do not apply to them.
  { dir: 'src/core/domain', source: use('../../infra/package-root.js'), ext: 'test.ts' },
];

const files = PROBES.map((probe, index) => join(probe.dir, `${ID}_${index}.${probe.ext ?? 'ts'}`));
/** Folders this test created (web/ does not exist until the dashboard lands), removed when left empty. */
const created: string[] = [];

const LAYER_CATEGORIES = new Set(['lint/style/noRestrictedImports', 'plugin']);

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}
let diagnostics: Diagnostic[] = [];

beforeAll(() => {
  try {
    for (const [index, probe] of PROBES.entries()) {
      const dir = join(ROOT, probe.dir);
      if (!existsSync(dir)) {
        mkdirSync(dir, { recursive: true });
        created.push(dir);
      }
      writeFileSync(join(ROOT, files[index] as string), probe.source);
    }
    const run = spawnSync(BIOME, ['lint', '--reporter=json', '--max-diagnostics=1000', ...files], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    diagnostics = (JSON.parse(run.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
  } finally {
    for (const file of files) rmSync(join(ROOT, file), { force: true });
    for (const dir of created.reverse()) if (existsSync(dir) && readdirSync(dir).length === 0) rmdirSync(dir);
  }
});

afterAll(() => {
  // Nothing of this test stays in the tree.
  for (const file of files) expect(existsSync(join(ROOT, file))).toBe(false);
  expect(existsSync(join(ROOT, DEEP))).toBe(false);
});

describe('layer rules (biome.json noRestrictedImports)', () => {
  const cases = PROBES.map((probe, index) => ({
    ...probe,
    file: files[index] as string,
    title: `${probe.dir}: ${probe.source.split('\n')[0]} → ${probe.rule ? `${probe.rule} rule` : 'allowed'}`,
  }));
  it.each(cases)('$title', ({ file, rule }) => {
    const found = diagnostics
      .filter((d) => LAYER_CATEGORIES.has(d.category) && d.location.path === file)
      .map((d) => d.message);
    if (rule === undefined) expect(found).toEqual([]);
    else expect(found.some((message) => message.startsWith(RULE[rule]))).toBe(true);
  });
});
