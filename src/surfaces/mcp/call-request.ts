// The tools/call request checked by our own code before any tool runs. The SDK's parse would answer a
// malformed request with −32603 and a dump of its schema; the MCP specification prescribes −32602 with a
// short reason (non-object arguments, a missing or mistyped name, an unknown tool).
import {
  ErrorCode,
  InitializeRequestSchema,
  JSONRPCRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** A JSON-RPC error with the message exactly as written (McpError prefixes "MCP error <code>:"). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

/** How a value reads in an error message: its JSON kind, never its (possibly huge) content. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (value === undefined) return 'nothing';
  return `a ${typeof value}`;
}

/** A name as it may appear in a message: bounded, so a megabyte-long name cannot flood the answer. */
export function clip(text: string, max = 80): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Strip mode (not loose): unknown keys such as `__proto__` are never copied onto a new object. `arguments`
// is checked, not rebuilt, so the tool's own schema judges the caller's object exactly as sent.
const CallParamsSchema = z.object({
  name: z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? 'params.name is missing: name the tool to call'
          : `params.name must be a string (got ${kindOf(issue.input)})`,
    })
    .min(1, 'params.name is empty: name the tool to call'),
  arguments: z
    .custom<Record<string, unknown>>(isPlainObject, {
      error: (issue) => `params.arguments must be an object (got ${kindOf(issue.input)})`,
    })
    .optional(),
});

export interface CallRequest {
  name: string;
  arguments: Record<string, unknown> | undefined;
}

/** The name and arguments of a tools/call request, or −32602 naming the first thing wrong. */
export function parseCallParams(params: unknown): CallRequest {
  if (!isPlainObject(params)) {
    throw new RpcError(ErrorCode.InvalidParams, `Invalid params: tools/call needs params with a tool name`);
  }
  const parsed = CallParamsSchema.safeParse(params);
  if (!parsed.success) {
    throw new RpcError(ErrorCode.InvalidParams, `Invalid params: ${parsed.error.issues[0]?.message}`);
  }
  return { name: parsed.data.name, arguments: parsed.data.arguments };
}

export const unknownTool = (name: string) =>
  new RpcError(ErrorCode.InvalidParams, `Unknown tool: ${clip(name)}`);

type RequestId = string | number;

const isRequestId = (id: unknown): id is RequestId =>
  typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id));

export interface RpcErrorResponse {
  jsonrpc: '2.0';
  id: RequestId;
  error: { code: number; message: string };
}

const METHOD_SCHEMAS: Record<string, z.ZodType> = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  'tools/list': ListToolsRequestSchema,
};

/**
 * The answer to a message that names a method and an id but is not a valid request. The SDK drops such a
 * message without a reply (the caller would wait until its timeout); the specification asks for an error.
 */
export function malformedRequestAnswer(message: unknown): RpcErrorResponse | undefined {
  if (!isPlainObject(message) || typeof message.method !== 'string' || !isRequestId(message.id)) {
    return undefined;
  }
  // A request the SDK parses with its own schema before the handler (initialize, ping, tools/list) would
  // answer a parse failure with −32603: its params are checked here, as a request's envelope is.
  const envelope = JSONRPCRequestSchema.safeParse(message);
  const method = METHOD_SCHEMAS[message.method];
  const checked = envelope.success && method ? method.safeParse(message) : envelope;
  if (checked.success) return undefined;
  const issue = checked.error.issues[0];
  const path = issue?.path.map(String).join('.') ?? '';
  const error =
    path === 'params' || path.startsWith('params.')
      ? { code: ErrorCode.InvalidParams, message: `Invalid params: ${path}: ${clip(issue?.message ?? '')}` }
      : {
          code: ErrorCode.InvalidRequest,
          message: `Invalid Request: ${path || 'message'}: ${clip(issue?.message ?? '')}`,
        };
  return { jsonrpc: '2.0', id: message.id, error };
}
