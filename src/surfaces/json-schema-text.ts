// JSON Schema (from the zod schemas) as short text for the generated docs: types, table cells.
import { z } from 'zod';

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

export function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
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
  return schema.type ?? 'any';
}

export function toSchema(type: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(type, { io, unrepresentable: 'any' }) as JsonSchema;
}
