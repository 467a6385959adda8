// The MCP protocol edges of tools/call, sent raw (no client-side checks): non-object arguments, a missing or
// mistyped name, an unknown tool, junk `_meta`, task metadata, huge argument objects and JSON nested 20,000
// levels deep (also in tools/list and ping params) each get the JSON-RPC answer the MCP specification
// prescribes (−32602 with a short reason) or an envelope error, never −32603 or silence.
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildToolServer } from '../../src/surfaces/mcp/build-tool-server.js';
import { type McpHarness, startMcpHarness } from '../support/mcp-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';
import { connectRawRpc, type RawRpc } from './raw-rpc.js';

let h: McpHarness;
let rpc: RawRpc;
beforeAll(async () => {
  h = await startMcpHarness({ profile: 'admin' });
  rpc = await connectRawRpc(buildToolServer(h.app.deps, { profile: 'admin' }));
});
afterAll(async () => {
  await rpc.close();
  await h.close();
});

async function telemetryRows(): Promise<number> {
  await h.app.deps.telemetry.flush();
  const row = sqliteOf(h.app.deps.database)
    .sqlite.prepare('SELECT count(*) AS n FROM mcp_telemetry')
    .get() as {
    n: number;
  };
  return row.n;
}

const envelopeOf = (answer: Awaited<ReturnType<RawRpc['call']>>) =>
  JSON.parse(answer?.result?.content?.[0]?.text ?? 'null');

describe('tools/call params', () => {
  it.each([
    ['null', null, 'params.arguments must be an object (got null)'],
    ['a string', 'hello', 'params.arguments must be an object (got a string)'],
    ['a number', 42, 'params.arguments must be an object (got a number)'],
    ['an array', [1, 2], 'params.arguments must be an object (got an array)'],
    ['a boolean', true, 'params.arguments must be an object (got a boolean)'],
  ])('arguments that are %s answer −32602 with a short reason', async (_label, args, reason) => {
    const answer = await rpc.call({ name: 'health_check', arguments: args });
    expect(answer?.error).toEqual({ code: ErrorCode.InvalidParams, message: `Invalid params: ${reason}` });
  });

  it.each([
    ['missing', {}, 'params.name is missing: name the tool to call'],
    ['a number', { name: 7 }, 'params.name must be a string (got a number)'],
    ['null', { name: null }, 'params.name must be a string (got null)'],
    ['an object', { name: { toString: 'x' } }, 'params.name must be a string (got an object)'],
    ['empty', { name: '' }, 'params.name is empty: name the tool to call'],
  ])('a name that is %s answers −32602', async (_label, params, reason) => {
    const answer = await rpc.call(params);
    expect(answer?.error).toEqual({ code: ErrorCode.InvalidParams, message: `Invalid params: ${reason}` });
  });

  it('an unknown tool answers −32602 "Unknown tool: <name>" and records no telemetry', async () => {
    const before = await telemetryRows();
    const answer = await rpc.call({ name: 'no_such_tool', arguments: {} });
    expect(answer?.error).toEqual({ code: ErrorCode.InvalidParams, message: 'Unknown tool: no_such_tool' });
    // A tool of another profile is unknown here too; a megabyte-long name is clipped in the message.
    const other = await rpc.call({ name: 'x'.repeat(1_000_000) });
    expect(other?.error?.code).toBe(ErrorCode.InvalidParams);
    expect(other?.error?.message.length).toBeLessThan(200);
    expect(await telemetryRows()).toBe(before);
    // A known tool still records its one row.
    await rpc.call({ name: 'health_check', arguments: {} });
    expect(await telemetryRows()).toBe(before + 1);
  });

  it('the SDK client sees the same errors', async () => {
    await expect(h.client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message: expect.stringContaining('Unknown tool: no_such_tool'),
    });
    await expect(
      h.client.callTool({ name: 'health_check', arguments: null as unknown as Record<string, unknown> }),
    ).rejects.toMatchObject({ code: ErrorCode.InvalidParams });
  });

  it('junk params or _meta answer −32602 instead of silence', async () => {
    for (const params of ['junk', [1], 3]) {
      const answer = await rpc.call(params);
      expect(answer?.error?.code, JSON.stringify(params)).toBe(ErrorCode.InvalidParams);
      expect(answer?.error?.message).toMatch(/^Invalid params: params/);
    }
    for (const meta of ['junk', 5, [1], null, { progressToken: { nested: true } }]) {
      const answer = await rpc.call({ name: 'health_check', arguments: {}, _meta: meta });
      expect(answer?.error?.code, JSON.stringify(meta)).toBe(ErrorCode.InvalidParams);
      expect(answer?.error?.message).toMatch(/^Invalid params: params\._meta/);
      expect(answer?.error?.message.length).toBeLessThan(200);
    }
    // Unknown _meta keys are allowed by the specification and ignored.
    const fine = await rpc.call({ name: 'health_check', arguments: {}, _meta: { 'x.example/trace': 'abc' } });
    expect(envelopeOf(fine).success).toBe(true);
  });

  it('task metadata is ignored (no task support declared): the call runs normally', async () => {
    const answer = await rpc.call({ name: 'health_check', arguments: {}, task: { ttl: 1000 } });
    expect(answer?.error).toBeUndefined();
    expect(envelopeOf(answer).success).toBe(true);
  });

  it('a huge argument object is refused as invalid_input with a bounded message', async () => {
    const huge = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i]));
    const answer = await rpc.call({ name: 'health_check', arguments: huge });
    const envelope = envelopeOf(answer);
    expect(envelope.error.code).toBe('invalid_input');
    expect(envelope.error.message).toContain('(and 49990 more)');
    expect(answer?.result.content[0].text.length).toBeLessThan(5_000);
    const deep = await rpc.call({
      name: 'get_config',
      arguments: { section: Array.from({ length: 20_000 }, () => 'x') },
    });
    expect(envelopeOf(deep).error.code).toBe('invalid_input');
  });

  it('JSON nested 20,000 levels deep anywhere in a request: a proper answer, never −32603', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 20_000; i++) deep = i % 2 ? [deep] : { a: deep };
    const inArguments = await rpc.call({ name: 'health_check', arguments: { x: deep } });
    expect(envelopeOf(inArguments).error).toMatchObject({
      code: 'invalid_input',
      message: 'invalid arguments for health_check: x: nested deeper than 64 levels',
    });
    const places = [
      { name: deep, arguments: {} },
      { name: 'health_check', arguments: {}, _meta: { progressToken: deep } },
      { name: 'health_check', arguments: {}, _meta: { other: deep } },
    ];
    for (const params of places) {
      const answer = await rpc.call(params);
      expect(answer, JSON.stringify(Object.keys(params))).toBeDefined();
      expect(answer?.error?.code).not.toBe(ErrorCode.InternalError);
    }
    // The SDK parses tools/list, ping and initialize itself and answered a bad one with −32603.
    for (const cursor of [deep, 5]) {
      const listed = await rpc.send({ method: 'tools/list', params: { cursor } });
      expect(listed?.error).toMatchObject({
        code: ErrorCode.InvalidParams,
        message: /^Invalid params: params\.cursor: /,
      });
    }
    const ping = await rpc.send({ method: 'ping', params: { _meta: 'junk' } });
    expect(ping?.error?.code).toBe(ErrorCode.InvalidParams);
    expect((await rpc.send({ method: 'tools/list' }))?.result?.tools.length).toBeGreaterThan(100);
  });

  it('other methods are not found; the tool list still works', async () => {
    const answer = await rpc.send({ method: 'resources/list' });
    expect(answer?.error?.code).toBe(ErrorCode.MethodNotFound);
    const list = await rpc.send({ method: 'tools/list' });
    expect(list?.result.tools).toHaveLength(139);
    const ok = await rpc.call({ name: 'health_check' });
    expect(envelopeOf(ok).success).toBe(true);
  });
});
