// Error answers in each protocol's own shape (what the AI SDK's error handlers parse into APICallError):
// OpenAI `{error:{message,type,param,code}}`, Anthropic `{type:'error',error:{type,message}}`, Ollama's
// OpenAI-compatible variant, and Ollama's native `{error: message}`. Headers such as retry-after come too.
import type { ErrorSpec, Protocol } from './types.js';

export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

const OPENAI: Record<number, { type: string; code: string | null; message: string }> = {
  400: { type: 'invalid_request_error', code: null, message: 'Invalid request.' },
  401: { type: 'invalid_request_error', code: 'invalid_api_key', message: 'Incorrect API key provided' },
  403: { type: 'invalid_request_error', code: null, message: 'You are not allowed to access this resource.' },
  404: { type: 'invalid_request_error', code: 'model_not_found', message: 'The model does not exist.' },
  429: { type: 'requests', code: 'rate_limit_exceeded', message: 'Rate limit reached for requests' },
  500: {
    type: 'server_error',
    code: null,
    message: 'The server had an error while processing your request. Sorry about that!',
  },
  503: {
    type: 'server_error',
    code: null,
    message: 'The engine is currently overloaded, please try again later.',
  },
  529: { type: 'server_error', code: null, message: 'Overloaded' },
};

const ANTHROPIC: Record<number, { type: string; message: string }> = {
  400: { type: 'invalid_request_error', message: 'Invalid request.' },
  401: { type: 'authentication_error', message: 'invalid x-api-key' },
  403: {
    type: 'permission_error',
    message: 'Your API key does not have permission to use the specified resource.',
  },
  404: { type: 'not_found_error', message: 'The requested resource could not be found.' },
  413: { type: 'request_too_large', message: 'Request exceeds the maximum allowed number of bytes.' },
  429: {
    type: 'rate_limit_error',
    message: 'This request would exceed the rate limit for your organization. Please try again later.',
  },
  500: { type: 'api_error', message: 'Internal server error' },
  503: { type: 'api_error', message: 'Service unavailable' },
  529: { type: 'overloaded_error', message: 'Overloaded' },
};

/** The error answer for `spec` in the shape `protocol` speaks; `nativeOllama` is /api/chat's plain shape. */
export function errorAnswer(protocol: Protocol, spec: ErrorSpec, nativeOllama = false): ErrorAnswer {
  const headers = errorHeaders(protocol, spec);
  if (protocol === 'anthropic') {
    const known = ANTHROPIC[spec.status] ?? { type: 'api_error', message: `HTTP ${spec.status}` };
    return {
      status: spec.status,
      headers,
      body: {
        type: 'error',
        error: { type: spec.type ?? known.type, message: spec.message ?? known.message },
      },
    };
  }
  const known = OPENAI[spec.status] ?? { type: 'server_error', code: null, message: `HTTP ${spec.status}` };
  const message = spec.message ?? known.message;
  if (protocol === 'ollama') {
    if (nativeOllama) return { status: spec.status, headers, body: { error: message } };
    // Ollama's compatibility layer types every error api_error (or invalid_request_error on a 400).
    const type = spec.type ?? (spec.status === 400 ? 'invalid_request_error' : 'api_error');
    return {
      status: spec.status,
      headers,
      body: { error: { message, type, param: null, code: spec.code ?? null } },
    };
  }
  return {
    status: spec.status,
    headers,
    body: { error: { message, type: spec.type ?? known.type, param: null, code: spec.code ?? known.code } },
  };
}

function errorHeaders(protocol: Protocol, spec: ErrorSpec): Record<string, string> {
  const headers: Record<string, string> = {};
  const retryAfter = spec.retryAfter ?? (spec.status === 429 ? 1 : undefined);
  if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
  if (spec.status === 429 && protocol === 'anthropic') {
    headers['anthropic-ratelimit-requests-remaining'] = '0';
    headers['anthropic-ratelimit-requests-reset'] = new Date(
      // wall clock: the fake keeps real time: a Retry-After from now
      Date.now() + (retryAfter ?? 1) * 1000,
    ).toISOString();
  } else if (spec.status === 429 && protocol !== 'ollama') {
    headers['x-ratelimit-remaining-requests'] = '0';
    headers['x-ratelimit-reset-requests'] = `${retryAfter ?? 1}s`;
  }
  return headers;
}
