// The endpoint-table mutations as gateway actions (DMs, lists, moderation, pins, ads, compliance, stream
// rules), and the one function that turns an endpoint tool's parameters into a platform request.
import {
  ENDPOINT_TOOL_DEFINITIONS,
  type EndpointToolDefinition,
  endpointInputSchema,
  isEndpointMutation,
  placeholders,
  wireName,
} from '../../contracts/tools/endpoint-tools.js';
import { AppError } from '../errors.js';
import type { EndpointRequest } from '../ports/social-endpoints.js';
import { type AnyToolAction, endpointAction } from './tool-action.js';

type QueryValue = string | number | boolean;

const queryValue = (value: unknown): QueryValue =>
  Array.isArray(value)
    ? value.join(',')
    : typeof value === 'number' || typeof value === 'boolean'
      ? value
      : String(value);

/**
 * Path placeholders first; then, for GET/DELETE, the other parameters as query fields under their platform
 * names (`tweet_fields` → `tweet.fields`), and for POST/PUT as the JSON body (or the definition's own body).
 */
export function endpointRequest(
  def: EndpointToolDefinition,
  params: Readonly<Record<string, unknown>>,
): EndpointRequest {
  const slots = new Set(placeholders(def.endpoint.path));
  const pathParams: Record<string, string> = {};
  const rest: Record<string, unknown> = {};
  for (const p of def.params) {
    const value = params[p.name];
    if (value === undefined) continue;
    const slot = p.placeholder ?? p.name;
    if (slots.has(slot)) pathParams[slot] = String(value);
    else rest[wireName(p)] = value;
  }
  const request: EndpointRequest = { endpoint: def.endpoint, pathParams };
  if (def.endpoint.method === 'GET' || def.endpoint.method === 'DELETE') {
    request.query = Object.fromEntries(
      Object.entries(rest).map(([name, value]) => [name, queryValue(value)]),
    );
  } else {
    request.json = def.body ? def.body(params) : rest;
  }
  return request;
}

function actionFor(def: EndpointToolDefinition): AnyToolAction {
  const action = endpointAction({
    tool: def.name,
    category: def.policy ?? 'write',
    params: endpointInputSchema(def),
    request: (params: Record<string, unknown>) => endpointRequest(def, params),
  });
  return {
    ...action,
    // The scraper backend (even with mutations allowed) has no raw endpoint access.
    execute(env, params) {
      if (!env.endpoints) {
        throw new AppError(
          'social_not_configured',
          `${def.name} needs the official platform API (social_api.provider_backend = "social_api")`,
        );
      }
      return action.execute(env, params);
    },
  };
}

export const ENDPOINT_ACTIONS: readonly AnyToolAction[] =
  ENDPOINT_TOOL_DEFINITIONS.filter(isEndpointMutation).map(actionFor);
