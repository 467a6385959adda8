// Error bodies exactly as the platform writes them (v2 "problems", OAuth errors, ads errors), and the
// exception route handlers throw to send one.

const INVALID_REQUEST_TYPE = 'https://api.twitter.com/2/problems/invalid-request';
const NOT_FOUND_TYPE = 'https://api.twitter.com/2/problems/resource-not-found';

/** Thrown anywhere in a handler; the route kit turns it into the response. */
export class FakeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`fake API error ${status}`);
  }
}

export function unauthorizedBody() {
  return { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' };
}

export function forbiddenBody(detail: string) {
  return { title: 'Forbidden', type: 'about:blank', status: 403, detail };
}

export function tooManyRequestsBody() {
  return { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 };
}

export function clientForbiddenBody(clientId: string) {
  return {
    client_id: clientId,
    detail:
      'When authenticating requests to the Twitter API v2 endpoints, you must use keys and tokens from a Twitter developer App that is attached to a Project. You can create a project via the developer portal.',
    registration_url: 'https://developer.twitter.com/en/docs/projects/overview',
    title: 'Client Forbidden',
    required_enrollment: 'Appropriate Level of API Access',
    reason: 'client-not-enrolled',
    type: 'https://api.twitter.com/2/problems/client-forbidden',
  };
}

export const NOT_PERMITTED = 'You are not permitted to perform this action.';
export const SUSPENDED = 'Your account is suspended and is not permitted to access this feature.';

export function unauthorized(): FakeApiError {
  return new FakeApiError(401, unauthorizedBody());
}

export function forbidden(detail: string = NOT_PERMITTED): FakeApiError {
  return new FakeApiError(403, forbiddenBody(detail));
}

export function missingScope(scope: string): FakeApiError {
  return forbidden(`Missing required OAuth 2.0 scope: ${scope}`);
}

export interface InvalidParameter {
  message: string;
  parameters?: Record<string, string[]>;
}

export function invalidRequestBody(errors: InvalidParameter[]) {
  return {
    errors: errors.map((error) => ({ parameters: error.parameters ?? {}, message: error.message })),
    title: 'Invalid Request',
    detail: 'One or more parameters to your request was invalid.',
    type: INVALID_REQUEST_TYPE,
  };
}

export function invalidRequest(message: string, parameter?: string, values: string[] = []): FakeApiError {
  const parameters = parameter ? { [parameter]: values } : {};
  return new FakeApiError(400, invalidRequestBody([{ message, parameters }]));
}

export type ResourceType =
  | 'tweet'
  | 'user'
  | 'list'
  | 'space'
  | 'dm_conversation'
  | 'compliance_job'
  | 'media';

/** One entry of the `errors` array the platform returns with status 200 for ids it cannot find. */
export function notFoundEntry(resource: ResourceType, parameter: string, value: string) {
  return {
    value,
    detail: `Could not find ${resource} with ${parameter}: [${value}].`,
    title: 'Not Found Error',
    resource_type: resource,
    parameter,
    resource_id: value,
    type: NOT_FOUND_TYPE,
  };
}

/** The `errors` entry the platform returns with status 200 for a suspended user. */
export function suspendedUserEntry(parameter: string, value: string) {
  return {
    value,
    detail: `User has been suspended: [${value}].`,
    title: 'Forbidden',
    resource_type: 'user',
    parameter,
    resource_id: value,
    type: NOT_FOUND_TYPE,
  };
}

export function oauthError(error: string, description: string, status = 400): FakeApiError {
  return new FakeApiError(status, { error, error_description: description });
}

const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function statusTitle(status: number): string {
  return STATUS_TITLES[status] ?? 'Error';
}

/** The generic problem body the platform uses for plain HTTP errors (5xx and friends). */
export function genericProblem(status: number) {
  const title = statusTitle(status);
  return { title, detail: title, type: 'about:blank', status };
}
