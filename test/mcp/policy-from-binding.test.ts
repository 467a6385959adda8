// The policy comes from the binding, not from code in the operation: an operation declared here with a
// `policy: 'check'` tool binding and no policy code of its own is blocked, answered with a dry run, routed
// and counted exactly as the built-in compose_tweet is under the same config (same envelope, same audit
// rows, same counter), and an agent's read meets blocked_tools in the same gateway.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type App, createApp } from '../../src/app/wiring/create-app.js';
import { type ConfigInput, ConfigSchema } from '../../src/contracts/config/config.js';
import type { Envelope } from '../../src/contracts/tools/envelope.js';
import type { CheckedPolicy } from '../../src/core/gateway/mutation-gateway.js';
import { createLogger } from '../../src/infra/logging/create-logger.js';
import { defineOperation } from '../../src/operations/define-operation.js';
import { OPERATIONS } from '../../src/operations/registry.js';
import { invokeTool } from '../../src/surfaces/mcp/invoke-tool.js';
import type { ToolOperation } from '../../src/surfaces/mcp/profile-tools.js';
import { sqliteOf } from '../support/sqlite-of.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

const PROBE = 'probe_checked_note';
const READ_PROBE = 'probe_read_note';

/** What the probe's run was told, call by call (nothing when it did not run). */
let told: Array<CheckedPolicy | undefined> = [];

function probe(options: { counts?: (result: unknown) => boolean } = {}): ToolOperation {
  return defineOperation({
    name: 'probe.checked_note',
    summary: 'A local mutation with a policy-gated binding and no policy code.',
    input: z.object({ content: z.string() }),
    output: z.object({ noted: z.string() }),
    mutation: true,
    tool: {
      name: PROBE,
      category: 'write',
      lane: 'workflow',
      profiles: ['write', 'admin'],
      requires: { db: true },
      policy: 'check',
      errors: ['policy_denied_blocked'],
      ...(options.counts ? { counts: options.counts } : {}),
    },
    run: async (_deps, input, context) => {
      told.push(context.policy);
      return { noted: input.content };
    },
  }) as ToolOperation;
}

const readProbe = defineOperation({
  name: 'probe.read_note',
  summary: 'A read with a tool binding.',
  input: z.object({}),
  output: z.object({ ok: z.literal(true) }),
  mutation: false,
  tool: {
    name: READ_PROBE,
    category: 'read',
    lane: 'shared',
    profiles: ['write', 'admin', 'readonly', 'api-readonly'],
    requires: {},
    errors: ['policy_denied_blocked'],
  },
  run: async () => ({ ok: true as const }),
}) as ToolOperation;

let home: TempHome;
const apps: App[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  home?.cleanup();
  told = [];
});

async function open(policy: ConfigInput['mcp_policy']): Promise<App> {
  home = createTempHome();
  const app = await createApp({
    config: ConfigSchema.parse({ mcp_policy: { require_approval_for: [], ...policy } }),
    dataDir: home.dir,
    logger: createLogger({ level: 'silent' }),
    clock: { now: () => new Date('2026-11-22T12:00:00.000Z') },
    env: home.env,
    sleep: async () => {},
  });
  apps.push(app);
  return app;
}

const compose = () => OPERATIONS.find((op) => op.tool?.name === 'compose_tweet') as ToolOperation;

const count = (app: App, table: 'drafts' | 'approval_queue') =>
  (sqliteOf(app.deps.database).sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

async function call(app: App, op: ToolOperation, content: string): Promise<Envelope> {
  return (await invokeTool(app.deps, op, { content }, 'write')).envelope;
}

/** The envelope with what differs by name alone (the tool, the correlation id, the timing) taken out. */
function shape(envelope: Envelope, tool: string): unknown {
  const data = envelope.data as { dry_run?: boolean } | null;
  // A dry run's params are the call's own (each schema fills its defaults): compared on their own.
  const comparable = data?.dry_run ? { ...data, params: '<params>' } : data;
  const text = JSON.stringify({ ...envelope, data: comparable, meta: { ...envelope.meta, elapsed_ms: 0 } })
    .replaceAll(tool, '<tool>')
    .replace(/"correlation_id":"[^"]+"/g, '"correlation_id":"<id>"');
  return JSON.parse(text);
}

const audit = (app: App) =>
  sqliteOf(app.deps.database)
    .sqlite.prepare(
      'select tool_name, actor, status, policy_decision, error_code from mutation_audit order by id',
    )
    .all() as Array<Record<string, string | null>>;

const auditShape = (app: App, tool: string) =>
  audit(app).map((row) => ({ ...row, tool_name: row.tool_name === tool ? '<tool>' : row.tool_name }));

/** Runs one call of each under the same policy, each in its own data folder. */
async function both(policy: ConfigInput['mcp_policy'], calls = 1) {
  const run = async (op: ToolOperation) => {
    const app = await open(policy);
    const envelopes: Envelope[] = [];
    for (let i = 0; i < calls; i += 1) envelopes.push(await call(app, op, `note ${i}`));
    return { app, envelopes };
  };
  return { builtIn: await run(compose()), declared: await run(probe()) };
}

describe('policy from the binding', () => {
  it('blocked_tools refuses the declared operation as it refuses compose_tweet, audited, without running it', async () => {
    const { builtIn, declared } = await both({ blocked_tools: ['compose_tweet', PROBE] });
    expect(declared.envelopes[0]?.error?.code).toBe('policy_denied_blocked');
    expect(shape(declared.envelopes[0] as Envelope, PROBE)).toEqual(
      shape(builtIn.envelopes[0] as Envelope, 'compose_tweet'),
    );
    expect(auditShape(declared.app, PROBE)).toEqual([
      {
        tool_name: '<tool>',
        actor: 'agent',
        status: 'denied',
        policy_decision: 'denied',
        error_code: 'policy_denied_blocked',
      },
    ]);
    expect(auditShape(declared.app, PROBE)).toEqual(auditShape(builtIn.app, 'compose_tweet'));
    expect(told).toEqual([]);
  });

  it('a dry run answers with the dry-run payload for both, and neither runs', async () => {
    const { builtIn, declared } = await both({ dry_run_mutations: true });
    expect(declared.envelopes[0]?.data).toEqual({
      dry_run: true,
      would_execute: PROBE,
      params: JSON.stringify({ content: 'note 0' }),
    });
    expect(declared.envelopes[0]?.meta?.policy_decision).toBe('dry_run');
    expect(shape(declared.envelopes[0] as Envelope, PROBE)).toEqual(
      shape(builtIn.envelopes[0] as Envelope, 'compose_tweet'),
    );
    expect(auditShape(declared.app, PROBE)).toEqual(auditShape(builtIn.app, 'compose_tweet'));
    expect(audit(declared.app).map((r) => r.status)).toEqual(['dry_run']);
    expect(told).toEqual([]);
    expect(count(builtIn.app, 'drafts')).toBe(0);
  });

  it('require_approval_for routes both: the run is told the reason, compose_tweet queues for a person', async () => {
    const { builtIn, declared } = await both({ require_approval_for: ['compose_tweet', PROBE] });
    expect(told).toEqual([{ decision: 'route', reason: expect.stringContaining(PROBE) }]);
    expect(declared.envelopes[0]?.meta?.policy_decision).toBe('routed_to_approval');
    expect(builtIn.envelopes[0]?.meta?.policy_decision).toBe('routed_to_approval');
    expect(audit(declared.app).map((r) => r.status)).toEqual(['routed']);
    expect(auditShape(declared.app, PROBE)).toEqual(auditShape(builtIn.app, 'compose_tweet'));
    const reasons = sqliteOf(builtIn.app.deps.database)
      .sqlite.prepare('select reason from approval_queue')
      .all();
    expect(reasons).toEqual([{ reason: expect.stringContaining('compose_tweet') }]);
  });

  it('an allowed call is counted against the hourly cap: the second is refused for both', async () => {
    const { builtIn, declared } = await both({ max_mutations_per_hour: 1 }, 2);
    expect(told).toEqual([{ decision: 'allow' }]);
    expect(declared.envelopes.map((e) => e.meta?.policy_decision ?? e.error?.code)).toEqual([
      'allowed',
      'policy_denied_rate_limited',
    ]);
    expect(declared.envelopes.map((e) => shape(e, PROBE))).toEqual(
      builtIn.envelopes
        .map((e) => shape(e, 'compose_tweet'))
        .map((e, i) =>
          // compose_tweet's first answer carries its draft; the probe's carries its note.
          i === 0
            ? { ...(e as object), data: (shape(declared.envelopes[0] as Envelope, PROBE) as Envelope).data }
            : e,
        ),
    );
    expect(auditShape(declared.app, PROBE)).toEqual(auditShape(builtIn.app, 'compose_tweet'));
  });

  it('a binding that says a run changed nothing leaves the counter alone', async () => {
    const app = await open({ max_mutations_per_hour: 1 });
    const uncounted = probe({ counts: () => false });
    const answers = [await call(app, uncounted, 'a'), await call(app, uncounted, 'b')];
    expect(answers.map((e) => e.meta?.policy_decision)).toEqual(['allowed', 'allowed']);
    expect(told).toEqual([{ decision: 'allow' }, { decision: 'allow' }]);
  });

  it("outside the tool server nobody meets the policy: the dashboard's call runs, undecided", async () => {
    const app = await open({ dry_run_mutations: true, blocked_tools: [PROBE] });
    const { invokeOperation } = await import('../../src/operations/invoke-operation.js');
    const result = await invokeOperation(
      app.deps.forOperations,
      probe(),
      { content: 'by hand' },
      { actor: 'dashboard' },
    );
    expect(result).toEqual({ noted: 'by hand' });
    expect(told).toEqual([undefined]);
    expect(audit(app).map((r) => [r.actor, r.status, r.policy_decision])).toEqual([
      ['dashboard', 'success', 'not_gated'],
    ]);
  });

  it("an agent's read meets blocked_tools in the gateway, with the same error as a blocked mutation", async () => {
    const app = await open({ blocked_tools: [READ_PROBE, PROBE] });
    const read = await invokeTool(app.deps, readProbe, {}, 'write');
    const write = await call(app, probe(), 'x');
    expect(read.envelope.error?.code).toBe('policy_denied_blocked');
    expect(read.envelope.error?.message).toBe(write.error?.message.replace(PROBE, READ_PROBE));
    // Reads are not mutations: the audit log holds the write's refusal only.
    expect(audit(app).map((r) => r.tool_name)).toEqual([PROBE]);
    const allowed = await open({ blocked_tools: [] });
    expect((await invokeTool(allowed.deps, readProbe, {}, 'write')).envelope.data).toEqual({ ok: true });
  });
});

describe('the registry declares the policy, the operations hold none', () => {
  it('every gated binding says how: a gateway binding names its action, a checked read names what it previews', () => {
    for (const op of OPERATIONS) {
      if (op.tool?.policy === 'gateway') expect(op.action, op.name).toBeDefined();
      if (op.tool?.policy === 'check' && !op.mutation) expect(op.preview, op.name).toBeDefined();
      if (op.preview) expect(op.tool?.policy, op.name).toBe('check');
    }
  });

  it('no operation reaches into the gateway itself: the invoker and the tool kit are its only callers', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const root = new URL('../../src/operations/', import.meta.url);
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    const callers = files.filter((f) =>
      /\bgateway\.(submit|preview|admitRead)\(/.test(readFileSync(new URL(f, root), 'utf8')),
    );
    expect(callers.sort()).toEqual(['invoke-operation.ts', 'tool-kit.ts']);
  });
});
