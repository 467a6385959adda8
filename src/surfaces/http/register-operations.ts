// Derives the HTTP routes from the operation registry: a read takes its fields from the query string, a
// write from its JSON body (never the query: write-body-rules.ts); path parameters join either. Values that
// arrive as text (path and query) are read as the numbers or booleans the schema declares, then the one
// input is validated by the operation's HTTP schema and run as every face runs it.
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../core/errors.js';
import {
  type AnyOperation,
  faceInput,
  faceOutput,
  operationInput,
} from '../../operations/define-operation.js';
import { invokeOperation } from '../../operations/invoke-operation.js';
import { type JsonSchema, toSchema } from '../json-schema-text.js';
import { ACCOUNT_QUERY, accountDepsOf } from './auth/account-scope.js';
import { actorOf } from './auth/http-auth.js';

/** `/api/content/drafts/{id}` → `/api/content/drafts/:id`. */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

const typesOf = (schema: JsonSchema | undefined): string[] => {
  if (!schema) return [];
  if (schema.anyOf) return schema.anyOf.flatMap(typesOf);
  return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
};

/** Text from a path or query string as the type its field declares (`"5"` → 5, `"true"` → true). */
export function fromText(schema: JsonSchema, fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields };
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value !== 'string') continue;
    const types = typesOf(schema.properties?.[key]);
    if (types.includes('string')) continue;
    if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(value)) {
      out[key] = Number(value);
    } else if (types.includes('boolean') && (value === 'true' || value === 'false')) {
      out[key] = value === 'true';
    }
  }
  return out;
}

/** A read's fields: its query string without the parameter that names the account (account-scope.ts). */
function queryFields(query: unknown): Record<string, unknown> {
  const { [ACCOUNT_QUERY]: _account, ...fields } = (query ?? {}) as Record<string, unknown>;
  return fields;
}

/** One route per operation with an HTTP binding, run for the account the request acts on. */
export function registerOperations(app: FastifyInstance, operations: readonly AnyOperation[]): void {
  for (const operation of operations) {
    const http = operation.http;
    if (!http) continue;
    const input = faceInput(operation, 'http');
    const schema = toSchema(input, 'input');
    app.route({
      method: http.method,
      url: fastifyPath(http.path),
      handler: async (request, reply) => {
        const body = request.body;
        if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
          throw new AppError('invalid_input', 'the request body must be a JSON object');
        }
        const params = fromText(schema, request.params as Record<string, unknown>);
        const fields = http.method === 'GET' ? fromText(schema, queryFields(request.query)) : body;
        // Path parameters last: a body cannot redirect an operation to another resource.
        const raw = { ...((fields as object | undefined) ?? {}), ...params };
        const parsed = input.safeParse(raw);
        if (!parsed.success) {
          const issues = (parsed.error as z.ZodError).issues.map((issue) => ({
            path: issue.path.join('.'),
            message: issue.message,
          }));
          const message = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
          throw new AppError('validation_error', message, { details: { issues } });
        }
        const result = await invokeOperation(
          accountDepsOf(request).forOperations,
          operation,
          operationInput(operation, 'http', parsed.data),
          { actor: actorOf(request) },
          parsed.data,
        );
        return reply.code(http.status ?? 200).send(faceOutput(operation, 'http', result));
      },
    });
  }
}
