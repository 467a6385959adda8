// A tool's outputSchema: the envelope with the operation's output as `data`. `full` is the whole shape
// (describe_tool, docs); the listed one keeps the envelope and the names and types of the answer's fields, since
// every tool pays for its listing in every conversation.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { EnvelopeErrorSchema, EnvelopeMetaSchema } from '../../contracts/tools/envelope.js';
import { faceOutputSchema } from '../../operations/define-operation.js';
import { compactSchema } from './compact-schema.js';
import type { ToolOperation } from './profile-tools.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Answers may carry more fields than declared (zod objects strip, they do not forbid): objects stay open. */
function open(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(open);
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, key === 'enum' || key === 'const' ? value : open(value)]),
  );
}

function jsonOf(schema: z.ZodType): Json {
  const json = open(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' })) as Json;
  delete json.$schema;
  return json;
}

/** The gateway answers a routed, dry-run or repeated call with its own payload instead of the result. */
const GATEWAY_PAYLOADS: Json[] = [
  jsonOf(
    z.object({
      routed_to_approval: z.literal(true),
      approval_queue_id: z.number().int(),
      reason: z.string(),
    }),
  ),
  jsonOf(z.object({ dry_run: z.literal(true), would_execute: z.string(), params: z.string() })),
];

const mayAnswerGatewayPayload = (op: ToolOperation) => op.mutation && op.tool.policy !== undefined;

/** Type names a node admits, with `null` added (an error envelope's data). */
function withNull(type: unknown): unknown {
  if (type === undefined) return undefined;
  const list = Array.isArray(type) ? type : [type];
  return list.includes('null') ? type : [...list, 'null'];
}

/** The shape down to `depth` levels: types and field names; deeper values only say their type. */
export function outline(node: unknown, depth: number): Json {
  if (!isObject(node)) return {};
  const branches = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches)) {
    const outlined = branches.map((b) => outline(b, depth));
    return outlined.some((b) => Object.keys(b).length === 0) ? {} : { anyOf: outlined };
  }
  const out: Json = {};
  if (node.type !== undefined) out.type = node.type;
  else if (node.const !== undefined) out.const = node.const;
  if (depth > 0 && isObject(node.properties)) {
    out.properties = Object.fromEntries(
      Object.entries(node.properties).map(([key, child]) => [key, outline(child, depth - 1)]),
    );
  }
  if (depth > 0 && isObject(node.items)) {
    const items = outline(node.items, depth - 1);
    if (Object.keys(items).length > 0) out.items = items;
  }
  return out;
}

/** The data part as listed: outlined, admitting null and the gateway's payloads. */
function listedData(op: ToolOperation, depth: number): Json {
  const data = outline(jsonOf(faceOutputSchema(op, 'tool')), depth);
  if (Array.isArray(data.anyOf)) {
    const payload = mayAnswerGatewayPayload(op) ? [{ type: 'object' }] : [];
    return { anyOf: [...data.anyOf, ...payload, { type: 'null' }] };
  }
  if (data.type === undefined) return data;
  // An object answer without `required` already admits the payload objects; another type needs the union.
  const types = Array.isArray(data.type) ? data.type : [data.type];
  const extra = mayAnswerGatewayPayload(op) && !types.includes('object') ? ['object'] : [];
  return { ...data, type: withNull([...types, ...extra]) };
}

/** The listed outputSchema (what every conversation pays for). */
export function listedOutputSchema(op: ToolOperation, depth = 1): NonNullable<Tool['outputSchema']> {
  return {
    type: 'object',
    properties: { success: { type: 'boolean' }, data: listedData(op, depth) },
    required: ['success', 'data'],
  };
}

/** The whole envelope and answer, for describe_tool. */
export function fullOutputSchema(op: ToolOperation): NonNullable<Tool['outputSchema']> {
  // The answer's own definitions move to the root, where its `$ref`s point.
  const { $defs, ...answer } = jsonOf(faceOutputSchema(op, 'tool'));
  const payloads = mayAnswerGatewayPayload(op) ? GATEWAY_PAYLOADS : [];
  return compactSchema({
    type: 'object' as const,
    properties: {
      success: { type: 'boolean' },
      data: { anyOf: [answer, ...payloads, { type: 'null' }] },
      error: jsonOf(EnvelopeErrorSchema),
      meta: jsonOf(EnvelopeMetaSchema),
    },
    required: ['success', 'data'],
    ...(isObject($defs) ? { $defs } : {}),
  });
}
