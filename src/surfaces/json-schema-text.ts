// JSON Schema (from the zod schemas) as short text for the generated docs: types, table cells.
import { z } from 'zod';
import { parsedLaterSchema } from '../contracts/parsed-later.js';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  default?: unknown;
  description?: string;
  additionalProperties?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

export const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** A short type: `string`, `integer[]`, `` `a` | `b` ``, `object or null`; an unconstrained value is `JSON value`. */
export function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return 'JSON value';
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.enum) return schema.enum.map((v) => `\`${String(v)}\``).join(' | ');
  if (schema.anyOf)
    return (
      schema.anyOf
        .map(typeOf)
        .filter((t) => t !== 'null')
        .join(' or ') + (schema.anyOf.some((s) => s.type === 'null') ? ' or null' : '')
    );
  if (schema.type === 'array') return `${typeOf(schema.items)}[]`;
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  return schema.type ?? 'JSON value';
}

export function toSchema(type: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(type, {
    io,
    unrepresentable: 'any',
    // A field taken as any value and checked later by a core parser is documented with that parser's schema.
    override: (ctx) => {
      const parsedAs = parsedLaterSchema(ctx.zodSchema as unknown as z.ZodType);
      if (!parsedAs) return;
      const { $schema: _, ...schema } = toSchema(parsedAs, io) as JsonSchema & { $schema?: string };
      Object.assign(ctx.jsonSchema, schema);
    },
  }) as JsonSchema;
}

/** The object schemas inside a field, through arrays and unions, each with the suffix reaching it (`[]`). */
function nestedObjects(schema: JsonSchema, suffix = ''): Array<{ suffix: string; schema: JsonSchema }> {
  if (schema.type === 'object' && schema.properties) return [{ suffix, schema }];
  if (schema.type === 'array' && schema.items) return nestedObjects(schema.items, `${suffix}[]`);
  return (schema.anyOf ?? []).flatMap((option) => nestedObjects(option, suffix));
}

export interface FieldRow {
  /** Dotted name: `blocks`, `blocks[].id`, `blocks.blocks`. */
  name: string;
  schema: JsonSchema;
  required: boolean;
  /** For a field whose objects were listed already under another name: that name. */
  sameAs?: string;
}

/**
 * Every field of an object schema, each followed by the fields of the objects nested in it (`blocks[].id`),
 * so docs show nested shapes in full. An object shape met a second time points at its first listing.
 */
export function fieldRows(schema: JsonSchema, prefix = '', seen = new Map<string, string>()): FieldRow[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([key, prop]) => {
    const name = prefix === '' ? key : `${prefix}.${key}`;
    const row: FieldRow = { name, schema: prop, required: required.has(key) };
    const nested: FieldRow[] = [];
    for (const object of nestedObjects(prop)) {
      const shape = JSON.stringify(object.schema);
      const listed = seen.get(shape);
      if (listed !== undefined) {
        row.sameAs = listed;
        continue;
      }
      seen.set(shape, `${name}${object.suffix}`);
      nested.push(...fieldRows(object.schema, `${name}${object.suffix}`, seen));
    }
    return [row, ...nested];
  });
}

/** The fields of an object inline: `` {`id` (string), `note` (string, optional)} ``. */
export function fieldsInline(object: JsonSchema): string {
  const required = new Set(object.required ?? []);
  const fields = Object.entries(object.properties ?? {}).map(
    ([name, prop]) => `\`${name}\` (${typeWithFields(prop)}${required.has(name) ? '' : ', optional'})`,
  );
  return `{${fields.join(', ')}}`;
}

/** A type with the fields of its objects inline: `` object[] or null, each {`id` (string), …} ``. */
export function typeWithFields(schema: JsonSchema): string {
  const objects = nestedObjects(schema);
  if (objects.length === 0) return typeOf(schema);
  const shapes = objects.map(
    ({ suffix, schema: object }) => `${suffix ? 'each ' : ''}${fieldsInline(object)}`,
  );
  return `${typeOf(schema)}, ${shapes.join(' or ')}`;
}
