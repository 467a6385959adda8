// Raw access to declared platform endpoints, for the endpoint-table tools and the universal request tools.
// Implemented over the same transport as the client (scopes, tokens, retries, rate limits, usage).
import type { SocialEndpoint } from '../../contracts/social-endpoint.js';

export interface EndpointRequest {
  endpoint: SocialEndpoint;
  pathParams?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  /** Extra request headers (universal requests only, after the header guard). */
  headers?: Record<string, string>;
  /** `endpoint.path` is a concrete, already-validated path (universal requests), not a template. */
  rawPath?: boolean;
}

export interface EndpointResponse {
  status: number;
  /** The parsed JSON body (null when the body was empty). */
  json: unknown;
  rateLimit?: { remaining?: number; limit?: number; reset_at?: string };
}

export interface SocialEndpoints {
  call(request: EndpointRequest): Promise<EndpointResponse>;
}
