// The one generic executor of the endpoint-table tools: each definition becomes an operation whose input
// schema, tool binding and run are derived from its endpoint and parameter list. Reads call the platform
// through the read-only endpoint port; mutations are the gateway's action of the same name (policy,
// idempotency, audit).
import { z } from 'zod';
import {
  type EndpointToolDefinition,
  endpointInputSchema,
  isEndpointMutation,
} from '../../contracts/tools/endpoint-tools.js';
import {
  DB_ERRORS,
  PLATFORM_ENGAGE_ERRORS,
  PLATFORM_READ_ERRORS,
  type ToolBinding,
} from '../../contracts/tools/tool-binding.js';
import { AppError } from '../../core/errors.js';
import { endpointRequest } from '../../core/gateway/endpoint-actions.js';
import { type AnyOperation, defineOperation, type OperationContext } from '../define-operation.js';
import type { OperationDeps } from '../operation-deps.js';

/** Manifest flags (reference §b.3): admin-only tools need elevated access; their mutations are workflow. */
export function endpointBinding(def: EndpointToolDefinition): ToolBinding {
  const mutation = isEndpointMutation(def);
  const elevated = def.profiles.length === 1 && def.profiles[0] === 'admin';
  const workflow = mutation && elevated;
  return {
    name: def.name,
    category: def.category,
    lane: workflow ? 'workflow' : 'shared',
    profiles: def.profiles,
    requires: {
      social: true,
      scopes: def.endpoint.scopes,
      userAuth: true,
      ...(workflow ? { db: true } : {}),
      ...(elevated ? { elevated: true } : {}),
    },
    // not_found: the platform answers a missing list, space or conversation with an error body.
    errors: [
      ...(mutation ? PLATFORM_ENGAGE_ERRORS : PLATFORM_READ_ERRORS),
      'not_found',
      ...(mutation ? DB_ERRORS : []),
    ],
    ...(mutation ? { policy: 'gateway' as const } : {}),
  };
}

function noEndpointAccess(def: EndpointToolDefinition): AppError {
  return new AppError(
    'social_not_configured',
    `${def.name} needs the official platform API (social_api.provider_backend = "social_api"); ` +
      'the scraper backend cannot call platform endpoints directly',
  );
}

/** Moves a page's paging into the envelope's meta: v2 `meta.next_token`, ads `next_cursor`. */
function recordPaging(json: unknown, context: OperationContext): void {
  if (typeof json !== 'object' || json === null) return;
  const body = json as { data?: unknown; meta?: { result_count?: unknown; next_token?: unknown } };
  const count = Array.isArray(body.data) ? body.data.length : 0;
  let next: unknown;
  if (body.meta && typeof body.meta.result_count === 'number') next = body.meta.next_token;
  else if ('next_cursor' in body) next = (body as { next_cursor?: unknown }).next_cursor;
  else return;
  context.trace ??= {};
  context.trace.pagination = {
    result_count: typeof body.meta?.result_count === 'number' ? body.meta.result_count : count,
    has_more: typeof next === 'string' && next !== '',
    ...(typeof next === 'string' && next !== '' ? { next_token: next } : {}),
  };
}

async function read(
  deps: OperationDeps,
  def: EndpointToolDefinition,
  input: Record<string, unknown>,
  context: OperationContext,
) {
  if (!deps.endpointReads) throw noEndpointAccess(def);
  const response = await deps.endpointReads.call(endpointRequest(def, input));
  recordPaging(response.json, context);
  return response.json;
}

export function endpointOperation(def: EndpointToolDefinition): AnyOperation {
  const mutation = isEndpointMutation(def);
  return defineOperation({
    name: def.name,
    summary: def.summary,
    input: endpointInputSchema(def) as z.ZodType<Record<string, unknown>>,
    output: z.unknown(),
    mutation,
    tool: endpointBinding(def),
    // Mutations are the gateway's action of the same name (core/gateway/endpoint-actions.ts).
    ...(mutation ? { action: def.name } : { run: (deps, input, context) => read(deps, def, input, context) }),
  });
}
