// The MCP tool server for one profile: the tool list (JSON Schemas derived once from the operations'
// input schemas) and one call handler that runs every tool through invokeTool. Transport-agnostic.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { AppDeps } from '../../app/wiring/create-app.js';
import type { ToolProfile } from '../../contracts/tools/tool-binding.js';
import type { AnyOperation } from '../../operations/define-operation.js';
import { malformedRequestAnswer, parseCallParams, RpcError, unknownTool } from './call-request.js';
import { COMPACT_TOOLS, callCompactTool } from './compact-exposure.js';
import { toolAnswer } from './envelope.js';
import { invokeTool } from './invoke-tool.js';
import { profileTools } from './profile-tools.js';
import { runControlOf } from './progress-reporter.js';
import { builtToolListing, toolListing } from './tool-listings.js';

export interface ToolServerOptions {
  profile: ToolProfile;
  /** `compact`: the three meta tools of compact-exposure.ts instead of every tool. */
  expose?: 'full' | 'compact';
  /** Defaults to the registry; tests may pass their own list. */
  operations?: readonly AnyOperation[];
}

/**
 * The SDK's Server with the protocol edges answered as the MCP specification says: a malformed request gets
 * a JSON-RPC error instead of silence, and task metadata on a call is ignored (no task support declared).
 */
class ToolServer extends Server {
  private readonly calls = new Set<Promise<unknown>>();

  /** Runs a tool call, known to close() until it has answered. */
  running<T>(call: Promise<T>): Promise<T> {
    this.calls.add(call);
    const done = () => void this.calls.delete(call);
    call.then(done, done);
    return call;
  }

  /**
   * Calls already running finish (their mutation completed and audited, their answer sent) before the
   * transport closes: a client that hangs up after sending a call, as the MCP stdio shutdown does, must not
   * leave a post made on the platform without its audit row. Bounded, as a stuck call must not hold a stop.
   */
  override async close(): Promise<void> {
    if (this.calls.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise((resolve) => {
        timer = setTimeout(resolve, CLOSE_WAIT_MS);
      });
      await Promise.race([Promise.allSettled([...this.calls]), bound]);
      clearTimeout(timer);
      // The SDK sends each answer a few promise steps after its call settles: let those run first.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await super.close();
  }

  override async connect(transport: Transport): Promise<void> {
    await super.connect(transport);
    const handle = transport.onmessage;
    transport.onmessage = (message, extra) => {
      const answer = malformedRequestAnswer(message);
      if (!answer) return handle?.(message, extra);
      transport.send(answer).catch((error: unknown) => this.onerror?.(error as Error));
    };
  }

  // Spec (Tasks, capabilities): a receiver that does not declare task support for a request type processes
  // such requests normally. The SDK would instead fail them with −32603.
  protected override assertTaskHandlerCapability(_method: string): void {}
}

/** How long close() waits for running calls (the platform and LLM requests have their own timeouts). */
const CLOSE_WAIT_MS = 30_000;

export function buildToolServer(deps: AppDeps, options: ToolServerOptions): Server {
  const tools = profileTools(options.profile, options.operations);
  const byName = new Map(tools.map((op) => [op.tool.name, op]));
  let listing: Tool[] | undefined;
  const server = new ToolServer(
    { name: 'app', version: deps.version },
    {
      capabilities: { tools: { listChanged: false } },
      instructions: `app tool server, profile ${options.profile}: every tool answers with the envelope {success, data, error, meta}.`,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    listing ??=
      options.expose === 'compact'
        ? COMPACT_TOOLS
        : ((options.operations ? undefined : builtToolListing(options.profile)) ?? tools.map(toolListing));
    return { tools: listing };
  });
  // tools/call is not registered through setRequestHandler: the SDK would parse it first and answer a
  // malformed one with −32603. The fallback sees the raw request; parseCallParams answers −32602.
  const answerCall = async (
    request: Parameters<NonNullable<Server['fallbackRequestHandler']>>[0],
    extra: Parameters<NonNullable<Server['fallbackRequestHandler']>>[1],
  ): Promise<CallToolResult> => {
    if (request.method !== 'tools/call') throw new RpcError(ErrorCode.MethodNotFound, 'Method not found');
    const call = parseCallParams(request.params);
    const control = runControlOf(extra, (error) => deps.logger.debug({ err: error }, 'progress not sent'));
    if (options.expose === 'compact') {
      const meta = await callCompactTool(deps, options.profile, byName, call.name, call.arguments, control);
      if (meta) return meta;
      throw unknownTool(call.name);
    }
    const op = byName.get(call.name);
    if (!op) throw unknownTool(call.name);
    const { envelope, text } = await invokeTool(deps, op, call.arguments, options.profile, control);
    return toolAnswer(envelope, text);
  };
  server.fallbackRequestHandler = (request, extra) => server.running(answerCall(request, extra));
  return server;
}
