// The MCP tool server for one profile: the tool list (JSON Schemas derived once from the operations'
// input schemas) and one call handler that runs every tool through invokeTool. Transport-agnostic.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { AppDeps } from '../../app/create-app.js';
import type { ToolProfile } from '../../contracts/tools/tool-binding.js';
import type { AnyOperation } from '../../operations/define-operation.js';
import { serializeEnvelope, toolMeta } from './envelope.js';
import { invokeTool } from './invoke-tool.js';
import { profileTools, type ToolOperation } from './profile-tools.js';

/** The tool's input as JSON Schema (what agents see), always an object schema. */
export function inputJsonSchema(op: ToolOperation): Tool['inputSchema'] {
  const schema = z.toJSONSchema(op.input, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete schema.$schema;
  return { ...schema, type: 'object', additionalProperties: false } as Tool['inputSchema'];
}

export function toolListing(op: ToolOperation): Tool {
  return {
    name: op.tool.name,
    description: op.summary,
    inputSchema: inputJsonSchema(op),
    annotations: {
      readOnlyHint: !op.mutation,
      ...(op.mutation ? { destructiveHint: op.tool.category === 'write' || op.tool.category === 'ads' } : {}),
      openWorldHint: op.tool.requires.social === true,
    },
  };
}

export interface ToolServerOptions {
  profile: ToolProfile;
  /** Defaults to the registry; tests may pass their own list. */
  operations?: readonly AnyOperation[];
}

export function buildToolServer(deps: AppDeps, options: ToolServerOptions): Server {
  const tools = profileTools(options.profile, options.operations);
  const byName = new Map(tools.map((op) => [op.tool.name, op]));
  let listing: Tool[] | undefined;
  const server = new Server(
    { name: 'app', version: deps.version },
    {
      capabilities: { tools: { listChanged: false } },
      instructions: `app tool server, profile ${options.profile}: every tool answers with the envelope {success, data, error, meta}.`,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    listing ??= tools.map(toolListing);
    return { tools: listing };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const op = byName.get(request.params.name);
    if (!op) {
      const { text } = serializeEnvelope({
        success: false,
        data: null,
        error: {
          code: 'invalid_input',
          message: `unknown tool '${request.params.name}' in profile ${options.profile}`,
          retryable: false,
        },
        meta: toolMeta(0),
      });
      return { content: [{ type: 'text', text }], isError: true };
    }
    const { envelope, text } = await invokeTool(deps, op, request.params.arguments, options.profile);
    return { content: [{ type: 'text', text }], isError: !envelope.success };
  });
  return server;
}
