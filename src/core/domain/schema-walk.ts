// Walks the config schema once to list every leaf field: its dotted key, env var, kind, default and metadata.
// Env mapping, masking, docs and scaffolds are all derived from this list, never written per field.
import type { z } from 'zod';
import {
  ACCOUNT_SECTION_NAMES,
  ACCOUNT_TOP_LEVEL_KEYS,
  AccountSchema,
  accountNameProblem,
} from '../../contracts/config/accounts.js';
import type { ConfigFieldMeta } from '../../contracts/config/common.js';
import { ConfigSchema } from '../../contracts/config/config.js';

export type LeafKind = 'string' | 'integer' | 'number' | 'boolean' | 'enum' | 'string_list' | 'json';

export interface ConfigLeaf {
  /** Path segments, e.g. ['limits', 'max_replies_per_day']. */
  path: string[];
  /** Dotted key, e.g. 'limits.max_replies_per_day'. */
  key: string;
  /** Environment variable: APP_ + path upper-cased, joined by '__'. */
  env: string;
  kind: LeafKind;
  enumValues?: readonly string[];
  optional: boolean;
  hasDefault: boolean;
  defaultValue?: unknown;
  description: string;
  meta: ConfigFieldMeta;
  /** The field's own schema (with its default), to validate one value on its own. */
  schema: AnySchema;
}

export interface ConfigSection {
  path: string[];
  key: string;
  description: string;
}

type AnySchema = z.ZodType;
interface Def {
  type: string;
  innerType?: AnySchema;
  element?: AnySchema;
  shape?: Record<string, AnySchema>;
  entries?: Record<string, string>;
  defaultValue?: unknown;
  checks?: Array<{ _zod: { def: { check: string; format?: string } } }>;
  options?: AnySchema[];
  out?: AnySchema;
}

const defOf = (schema: AnySchema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

function metaOf(schema: AnySchema): ConfigFieldMeta & { description?: string } {
  return (
    (schema as unknown as { meta(): (ConfigFieldMeta & { description?: string }) | undefined }).meta() ?? {}
  );
}

/** Strips default/optional/prefault wrappers, remembering what they said. */
function unwrap(schema: AnySchema): {
  base: AnySchema;
  optional: boolean;
  hasDefault: boolean;
  defaultValue?: unknown;
} {
  let current = schema;
  let optional = false;
  let hasDefault = false;
  let defaultValue: unknown;
  for (;;) {
    const def = defOf(current);
    if (def.type === 'optional' || def.type === 'nullable') optional = true;
    else if (def.type === 'default' || def.type === 'prefault') {
      if (!hasDefault) {
        hasDefault = true;
        defaultValue = def.defaultValue;
      }
    } else if (def.type === 'pipe' && def.out) {
      current = def.out;
      continue;
    } else break;
    current = def.innerType as AnySchema;
  }
  return { base: current, optional, hasDefault, defaultValue };
}

function kindOf(base: AnySchema): { kind: LeafKind; enumValues?: readonly string[] } {
  const def = defOf(base);
  switch (def.type) {
    case 'string':
      return { kind: 'string' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'number': {
      const isInt = (def.checks ?? []).some(
        (c) => c._zod.def.format === 'safeint' || c._zod.def.check === 'int',
      );
      return { kind: isInt ? 'integer' : 'number' };
    }
    case 'enum':
      return { kind: 'enum', enumValues: Object.values(def.entries ?? {}) };
    case 'array': {
      // Lists of scalars (strings, enums, "HH:MM" | "auto") are comma-separated in env vars and flags.
      const element = defOf(unwrap(def.element as AnySchema).base).type;
      return element === 'object' || element === 'array' ? { kind: 'json' } : { kind: 'string_list' };
    }
    default:
      return { kind: 'json' };
  }
}

function walk(schema: AnySchema, path: string[], leaves: ConfigLeaf[], sections: ConfigSection[]): void {
  const { base, optional, hasDefault, defaultValue } = unwrap(schema);
  const def = defOf(base);
  const meta = metaOf(schema);
  if (def.type === 'object' && def.shape) {
    if (path.length > 0) sections.push({ path, key: path.join('.'), description: meta.description ?? '' });
    for (const [name, child] of Object.entries(def.shape)) walk(child, [...path, name], leaves, sections);
    return;
  }
  // Named tables (accounts) hold whole sections per name: they are read from the file, not walked as leaves.
  if (meta.namedTables) return;
  const { description, ...fieldMeta } = meta;
  leaves.push({
    path,
    key: path.join('.'),
    env: `APP_${path.map((p) => p.toUpperCase()).join('__')}`,
    ...kindOf(base),
    optional,
    hasDefault,
    defaultValue,
    description: description ?? '',
    meta: fieldMeta,
    schema,
  });
}

/** Kind and description of one field on its own (the fields of an `[accounts.<name>]` table, for the docs). */
export function describeField(schema: AnySchema): {
  kind: LeafKind;
  enumValues?: readonly string[];
  description: string;
} {
  return { ...kindOf(unwrap(schema).base), description: metaOf(schema).description ?? '' };
}

let cache: { leaves: ConfigLeaf[]; sections: ConfigSection[]; byKey: Map<string, ConfigLeaf> } | undefined;

function build() {
  if (!cache) {
    const leaves: ConfigLeaf[] = [];
    const sections: ConfigSection[] = [];
    walk(ConfigSchema, [], leaves, sections);
    cache = { leaves, sections, byKey: new Map(leaves.map((l) => [l.key, l])) };
  }
  return cache;
}

/** Every leaf field of the config, in schema order. */
export function configLeaves(): readonly ConfigLeaf[] {
  return build().leaves;
}

/** Every section (object) of the config, including nested ones such as `connectors.cloud_drive`. */
export function configSections(): readonly ConfigSection[] {
  return build().sections;
}

/** The leaf of a dotted key: a global one, or one of an `[accounts.<name>]` table (`accounts.work.mode`). */
export function findLeaf(key: string): ConfigLeaf | undefined {
  return build().byKey.get(key) ?? accountLeaf(key);
}

/**
 * `accounts.<name>.<key>`: the global leaf of `<key>` where an account may set it, at the account's path,
 * with no default of its own (unset, the account inherits the global value); `display_name` is the
 * account's own field.
 */
function accountLeaf(key: string): ConfigLeaf | undefined {
  const [head, name, ...rest] = key.split('.');
  if (head !== 'accounts' || name === undefined || rest.length === 0 || accountNameProblem(name))
    return undefined;
  const inner = rest.join('.');
  const path = ['accounts', name, ...rest];
  const env = `APP_${path.map((p) => p.toUpperCase()).join('__')}`;
  if (inner === 'display_name') {
    const schema = AccountSchema.shape.display_name;
    return { path, key, env, ...describeField(schema), optional: true, hasDefault: false, meta: {}, schema };
  }
  const section = rest[0] as string;
  const own =
    (ACCOUNT_TOP_LEVEL_KEYS as readonly string[]).includes(inner) ||
    ((ACCOUNT_SECTION_NAMES as readonly string[]).includes(section) && rest.length > 1);
  const global = own ? build().byKey.get(inner) : undefined;
  if (!global) return undefined;
  return { ...global, path, key, env, optional: true, hasDefault: false, defaultValue: undefined };
}
