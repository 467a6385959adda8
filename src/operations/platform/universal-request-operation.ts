// The universal request tools (spec: Universal request tools; admin only): a raw GET, POST, PUT or DELETE to
// one of the four configured platform hosts, behind the SSRF, path and header guards. Not policy-gated, but
// every POST/PUT/DELETE, refused or not, is written to the mutation audit log.
import { z } from 'zod';
import type { RedirectDetails, SocialEndpoint } from '../../contracts/social-endpoint.js';
import { DB_ERRORS, PLATFORM_READ_ERRORS, type ToolBinding } from '../../contracts/tools/tool-binding.js';
import { MAX_JSON_DEPTH, nestsWithin } from '../../core/domain/json-depth.js';
import { socialBaseUrls } from '../../core/domain/platform-hosts.js';
import { guardEndpoint, guardHeaders } from '../../core/domain/request-guards.js';
import { AppError, isAppError } from '../../core/errors.js';
import type { EndpointRequest } from '../../core/ports/social-endpoints.js';
import { type AnyOperation, defineOperation, type OperationContext } from '../define-operation.js';
import type { OperationDeps } from '../operation-deps.js';

type Method = SocialEndpoint['method'];

const endpoint = z
  .string()
  .min(1)
  .max(2048)
  .describe(
    'A platform path such as /2/users/me (sent to the API host; legacy /1.1/... paths too), or an absolute URL ' +
      'on one of the configured API, upload, legacy upload or ads hosts. No query string: use query_params.',
  );
const queryParams = z
  .record(z.string().min(1).max(256), z.union([z.string(), z.number(), z.boolean()]))
  .optional()
  .describe('Query parameters, e.g. {"ids": "1,2", "tweet.fields": "created_at"}.');
const body = z
  .unknown()
  .optional()
  .refine((value) => nestsWithin(value, MAX_JSON_DEPTH), `nested deeper than ${MAX_JSON_DEPTH} levels`)
  .describe('JSON body (an object or array); a string is read as JSON text.');
const headers = z
  .record(z.string(), z.string())
  .optional()
  .describe(
    'Extra request headers (Latin-1 values); Authorization, Host, Cookie, connection, forwarding (Forwarded, X-Forwarded-*, Via, X-Real-IP), URL-rewrite and method-override headers are refused.',
  );

const SUMMARIES: Record<Method, string> = {
  GET: 'Send a raw GET to a platform endpoint not covered by another tool (admin; allowed hosts only).',
  POST: 'Send a raw POST with a JSON body to a platform endpoint (admin; allowed hosts only; not policy-gated, audit-logged).',
  PUT: 'Send a raw PUT with a JSON body to a platform endpoint (admin; allowed hosts only; not policy-gated, audit-logged).',
  DELETE:
    'Send a raw DELETE to a platform endpoint (admin; allowed hosts only; not policy-gated, audit-logged).',
};

interface UniversalInput {
  endpoint: string;
  query_params?: Record<string, string | number | boolean>;
  body?: unknown;
  headers?: Record<string, string>;
}

function binding(name: string, mutation: boolean): ToolBinding {
  return {
    name,
    category: mutation ? 'write' : 'read',
    lane: 'workflow',
    profiles: ['admin'],
    requires: { social: true, userAuth: true, elevated: true, ...(mutation ? { db: true } : {}) },
    errors: [
      ...PLATFORM_READ_ERRORS,
      'not_found',
      'validation_error',
      'policy_denied_blocked',
      ...(mutation ? DB_ERRORS : []),
    ],
  };
}

function jsonBody(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new AppError('validation_error', 'body guard: a string body must be JSON text');
  }
  if (!nestsWithin(parsed, MAX_JSON_DEPTH)) {
    throw new AppError(
      'validation_error',
      `body guard: the JSON text is nested deeper than ${MAX_JSON_DEPTH} levels`,
    );
  }
  return parsed;
}

/**
 * Guards first (nothing leaves on a refusal), then the platform through the shared transport: reads over
 * the read-only endpoint port, writes over the one the gateway lends this audited call.
 */
async function send(deps: OperationDeps, method: Method, input: UniversalInput, context: OperationContext) {
  const target = guardEndpoint(input.endpoint, socialBaseUrls(deps.config));
  const request: EndpointRequest = {
    endpoint: { method, host: target.host, path: target.path, scopes: [] },
    rawPath: true,
    headers: guardHeaders(input.headers),
    ...(input.query_params ? { query: input.query_params } : {}),
    ...(input.body === undefined ? {} : { json: jsonBody(input.body) }),
  };
  const port = method === 'GET' ? deps.endpointReads : context.writes;
  if (!port) {
    throw new AppError(
      'social_not_configured',
      'universal requests need the official platform API (social_api.provider_backend = "social_api")',
    );
  }
  try {
    const response = await (method === 'GET'
      ? (port as NonNullable<OperationDeps['endpointReads']>).call(request)
      : (port as NonNullable<OperationContext['writes']>).endpoint(request));
    return {
      status: response.status,
      json: response.json,
      ...(response.rateLimit ? { rate_limit: response.rateLimit } : {}),
    };
  } catch (error) {
    const redirect = isAppError(error)
      ? (error.details as Partial<RedirectDetails> | undefined)?.redirect
      : undefined;
    if (!redirect) throw error;
    throw new AppError(
      'validation_error',
      `redirect guard: ${method} ${target.path} answered ${redirect.status} to ${redirect.location ?? '(no location)'}; ` +
        'redirects are never followed',
      { details: { redirect }, cause: error },
    );
  }
}

export function universalRequestOperation(method: Method): AnyOperation {
  const name = `social_${method.toLowerCase()}`;
  const mutation = method !== 'GET';
  const input = z.object({
    endpoint,
    query_params: queryParams,
    ...(method === 'POST' || method === 'PUT' ? { body } : {}),
    headers,
  });
  return defineOperation({
    name,
    summary: SUMMARIES[method],
    input: input as z.ZodType<UniversalInput>,
    output: z.unknown(),
    mutation,
    tool: binding(name, mutation),
    // A write is a local mutation of the gateway: audited with its actor, outside the policy (spec).
    run: (deps, params, context) => send(deps, method, params, context),
  });
}
