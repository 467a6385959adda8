// The compact exposure (`app mcp serve --expose compact`): three meta tools instead of the profile's full
// list, for agents with little context. call_tool runs the named tool through the same invokeTool (policy,
// audit, idempotency, envelope) as the full exposure; find_tools and describe_tool only read the registry.
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { AppDeps } from '../../app/wiring/create-app.js';
import type { ToolProfile } from '../../contracts/tools/tool-binding.js';
import type { RunControl } from '../../core/ports/run-control.js';
import { unknownTool } from './call-request.js';
import { serializeEnvelope, toolAnswer, toolMeta } from './envelope.js';
import { invokeTool } from './invoke-tool.js';
import type { ToolOperation } from './profile-tools.js';
import { inputJsonSchema } from './tool-listings.js';
import { toolHints, toolTitle } from './tool-metadata.js';
import { fullOutputSchema } from './tool-output-schema.js';

const open = { type: 'object' } as const;

export const COMPACT_TOOLS: Tool[] = [
  {
    name: 'find_tools',
    title: 'Find tools',
    description:
      'Search this profile’s tools by intent (words of the name or description) and/or category. Answers name, title, category, summary and hints; empty arguments list every tool.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Words to match, e.g. "like a post" or "followers".' },
        category: { type: 'string', description: 'Only this category, e.g. engage, read, write, analytics.' },
      },
      additionalProperties: false,
    },
    outputSchema: open,
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'describe_tool',
    title: 'Describe tool',
    description:
      'The full definition of one tool: description, input JSON Schema, output schema (the envelope and its data) and hints. Use before call_tool.',
    inputSchema: {
      type: 'object',
      properties: { name: { type: 'string', description: 'Tool name, as find_tools answers it.' } },
      required: ['name'],
      additionalProperties: false,
    },
    outputSchema: open,
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'call_tool',
    title: 'Call tool',
    description:
      'Run one tool by name with its arguments, under the same policy, approval routing and audit as a direct call; answers that tool’s envelope {success, data, error, meta}.',
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'Tool name.' },
        arguments: { type: 'object', description: 'The tool’s arguments (see describe_tool).' },
      },
      required: ['name'],
      additionalProperties: false,
    },
    outputSchema: open,
    annotations: {},
  },
];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Words of the query found in the tool's name, title, category or summary: the more, the better. */
function matches(op: ToolOperation, query: string): number {
  const haystack = `${op.tool.name} ${toolTitle(op)} ${op.tool.category} ${op.summary}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && haystack.includes(w)).length;
}

function findTools(tools: readonly ToolOperation[], args: Record<string, unknown>) {
  const query = typeof args.query === 'string' ? args.query : '';
  const category = typeof args.category === 'string' ? args.category : undefined;
  const inCategory = tools.filter((op) => !category || op.tool.category === category);
  const ranked = query
    ? inCategory
        .map((op) => ({ op, score: matches(op, query) }))
        .filter((r) => r.score > 0)
        .sort((a, b) => b.score - a.score)
        .map((r) => r.op)
    : inCategory;
  return ranked.map((op) => ({
    name: op.tool.name,
    title: toolTitle(op),
    category: op.tool.category,
    summary: op.summary,
    hints: toolHints(op),
  }));
}

function describeTool(op: ToolOperation) {
  return {
    name: op.tool.name,
    title: toolTitle(op),
    description: op.summary,
    category: op.tool.category,
    inputSchema: inputJsonSchema(op),
    outputSchema: fullOutputSchema(op),
    annotations: toolHints(op),
  };
}

/** A meta tool's own answer, in the envelope every tool answers with. */
function metaAnswer(data: unknown): CallToolResult {
  const { envelope, text } = serializeEnvelope({ success: true, data, meta: toolMeta(0) });
  return toolAnswer(envelope, text);
}

/** One call of a meta tool; undefined when the name is not one of them. */
export async function callCompactTool(
  deps: AppDeps,
  profile: ToolProfile,
  byName: ReadonlyMap<string, ToolOperation>,
  name: string,
  args: Record<string, unknown> = {},
  control?: RunControl,
): Promise<CallToolResult | undefined> {
  if (name === 'find_tools') return metaAnswer(findTools([...byName.values()], args));
  if (name !== 'describe_tool' && name !== 'call_tool') return undefined;
  const target = typeof args.name === 'string' ? args.name : '';
  const op = byName.get(target);
  if (!op) throw unknownTool(target);
  if (name === 'describe_tool') return metaAnswer(describeTool(op));
  const { envelope, text } = await invokeTool(
    deps,
    op,
    isObject(args.arguments) ? args.arguments : {},
    profile,
    control,
  );
  return toolAnswer(envelope, text);
}
