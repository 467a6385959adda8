// How an endpoint-table tool is declared: the platform endpoint it calls, who sees it, and its parameters as
// plain descriptions. The input schema, the manifest flags and the request are all derived from this data.
import { z } from 'zod';
import type { SocialEndpoint } from '../social-endpoint.js';
import type { PolicyCategory, ToolCategory, ToolProfile } from './tool-binding.js';

/**
 * `id`: numeric platform id; `key`: an opaque id (ads, spaces, DM conversations: letters, digits, `-`, `_`);
 * `list`/`id_list`: several values, as an array or a comma-separated string.
 */
export type EndpointParamKind =
  | 'id'
  | 'key'
  | 'text'
  | 'integer'
  | 'boolean'
  | 'choice'
  | 'time'
  | 'list'
  | 'id_list';

export interface EndpointParam {
  name: string;
  kind: EndpointParamKind;
  /** Read by agents as the parameter's description. */
  description: string;
  required?: boolean;
  default?: string | number | boolean;
  /** Bounds of an integer, or of the number of values in a list. */
  min?: number;
  max?: number;
  /** Allowed values of a `choice`. */
  values?: readonly [string, ...string[]];
  /** The platform's field name when it differs from ours (`*_fields` → `*.fields` is derived). */
  wire?: string;
  /** The path placeholder this parameter fills when its name differs (`target_user_id` → `{user_id}`). */
  placeholder?: string;
  /** A schema of its own, for the rare parameter the kinds do not describe (stream rules). */
  schema?: z.ZodType;
}

export interface EndpointToolDefinition {
  name: string;
  /** One or two sentences for agents. */
  summary: string;
  /** Source grouping (tweets, lists, moderation, spaces, direct_messages, ads, compliance, stream_rules). */
  group: string;
  category: ToolCategory;
  endpoint: SocialEndpoint;
  profiles: readonly ToolProfile[];
  params: readonly EndpointParam[];
  /** Policy category of a mutation (absent for reads). */
  policy?: PolicyCategory;
  /** The JSON body, when the platform wants another shape than the flat non-path parameters. */
  body?(params: Readonly<Record<string, unknown>>): unknown;
}

export const PUBLIC_READ: readonly ToolProfile[] = ['write', 'admin', 'readonly', 'api-readonly'];
export const READ: readonly ToolProfile[] = ['write', 'admin', 'api-readonly'];
export const MUTATE: readonly ToolProfile[] = ['write', 'admin'];
export const ADMIN: readonly ToolProfile[] = ['admin'];

type Options = Partial<Pick<EndpointParam, 'required' | 'default' | 'min' | 'max' | 'wire' | 'placeholder'>>;
const make =
  (kind: EndpointParamKind) =>
  (name: string, description: string, options: Options = {}): EndpointParam => ({
    name,
    kind,
    description,
    ...options,
  });

/** Builders that keep the tables short. */
export const param = {
  id: make('id'),
  key: make('key'),
  text: make('text'),
  integer: make('integer'),
  boolean: make('boolean'),
  time: make('time'),
  list: make('list'),
  idList: make('id_list'),
  choice: (
    name: string,
    values: readonly [string, ...string[]],
    description: string,
    options: Options = {},
  ): EndpointParam => ({ name, kind: 'choice', values, description, ...options }),
  fields: (kind: 'tweet' | 'user' | 'list' | 'space' | 'dm_event'): EndpointParam => ({
    name: `${kind}_fields`,
    kind: 'list',
    description: `Extra ${kind.replace('_', ' ')} fields to return (comma-separated or array), sent as \`${kind}.fields\`.`,
  }),
  expansions: (): EndpointParam => ({
    name: 'expansions',
    kind: 'list',
    description: 'Related objects to include (comma-separated or array), e.g. author_id.',
  }),
  maxResults: (min: number, max: number, fallback: number): EndpointParam => ({
    name: 'max_results',
    kind: 'integer',
    description: `Results per page (${min}-${max}).`,
    min,
    max,
    default: fallback,
  }),
  paginationToken: (): EndpointParam => ({
    name: 'pagination_token',
    kind: 'text',
    description: 'next_token from the previous page.',
  }),
};

/** Marks a parameter required. */
export const req = (p: EndpointParam): EndpointParam => ({ ...p, required: true });

/** The name a parameter has on the wire (query field or body key). */
export function wireName(p: EndpointParam): string {
  return p.wire ?? p.name.replace(/_fields$/, '.fields');
}

/** The path placeholders of an endpoint, in order. */
export function placeholders(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
}

const splitList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

const NUMERIC_ID = /^\d{1,20}$/;
// No dots or slashes: the value becomes a path segment and must never climb out of it.
const OPAQUE_KEY = /^[A-Za-z0-9_-]{1,64}$/;

function listOf(item: z.ZodType<string, string>, p: EndpointParam) {
  let array = z.array(item).min(p.min ?? 1);
  if (p.max !== undefined) array = array.max(p.max);
  return z.union([z.array(item), z.string().transform(splitList)]).pipe(array);
}

function baseSchema(p: EndpointParam): z.ZodType {
  if (p.schema) return p.schema;
  switch (p.kind) {
    case 'id':
      return z.string().trim().regex(NUMERIC_ID, 'must be a numeric platform id');
    case 'key':
      return z.string().trim().regex(OPAQUE_KEY, 'must be an id of letters, digits, - or _');
    case 'text': {
      let text = z
        .string()
        .trim()
        .min(p.min ?? 1);
      if (p.max !== undefined) text = text.max(p.max);
      return text;
    }
    case 'integer': {
      let number = z.number().int();
      if (p.min !== undefined) number = number.min(p.min);
      if (p.max !== undefined) number = number.max(p.max);
      return number;
    }
    case 'boolean':
      return z.boolean();
    case 'choice':
      return z.enum(p.values ?? ['']);
    case 'time':
      return z.iso.datetime({ offset: true });
    case 'list':
      return listOf(z.string().trim().min(1), p);
    case 'id_list':
      return listOf(z.string().trim().regex(NUMERIC_ID, 'must be a numeric platform id'), p);
  }
}

/** One parameter's schema: kind, then default or optional, then its description. */
export function paramSchema(p: EndpointParam): z.ZodType {
  const base = baseSchema(p);
  const shaped = p.required
    ? base
    : p.default !== undefined
      ? (base as z.ZodType<unknown>).default(p.default)
      : base.optional();
  return shaped.describe(p.description);
}

const schemas = new WeakMap<EndpointToolDefinition, z.ZodObject>();

/** The tool's input schema, derived from its parameter list (built once per definition). */
export function endpointInputSchema(def: EndpointToolDefinition): z.ZodObject {
  let schema = schemas.get(def);
  if (!schema) {
    schema = z.object(Object.fromEntries(def.params.map((p) => [p.name, paramSchema(p)])));
    schemas.set(def, schema);
  }
  return schema;
}
