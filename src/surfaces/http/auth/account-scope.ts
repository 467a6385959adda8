// Which account a request acts on: the default one, unless it names another with the `X-App-Account`
// header (or, on a read, the `account` query parameter: an `<img>` or an EventSource cannot send headers).
// Decided after authentication on the matched route, so a caller without credentials learns nothing; an
// account the config does not have, or one the credential may not use, is the same 404 (never a hint that
// it exists), and the refusal is logged with who asked and for what, and recorded in the action log of the
// default account (Activity shows it).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app/wiring/create-app.js';
import { AppError } from '../../../core/errors.js';
import { auditAccountRefusal } from '../../../core/services/accounts/audit-account-refusal.js';

export const ACCOUNT_HEADER = 'x-app-account';
/** The query parameter naming the account on a read. */
export const ACCOUNT_QUERY = 'account';
const SAFE_METHODS = new Set(['GET', 'HEAD']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The parts of the account this request acts on (set for every authenticated route). */
    accountDeps?: AppDeps;
  }
}

function namedAccount(request: FastifyRequest): string | undefined {
  const header = request.headers[ACCOUNT_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  const query = SAFE_METHODS.has(request.method)
    ? (request.query as Record<string, unknown> | undefined)?.[ACCOUNT_QUERY]
    : undefined;
  const fromQuery = typeof query === 'string' ? query : undefined;
  if (fromHeader !== undefined && fromQuery !== undefined && fromHeader !== fromQuery)
    throw new AppError(
      'validation_error',
      `the ${ACCOUNT_HEADER} header and the ${ACCOUNT_QUERY} parameter name different accounts`,
    );
  return fromHeader ?? fromQuery;
}

/**
 * Sets `request.accountDeps` on every authenticated route: `deps` (the default account) when no account is
 * named. `mayUse` says whether the request's credential may act on a named account (default: every
 * credential of this server may).
 */
export function registerAccountScope(
  app: FastifyInstance,
  deps: AppDeps,
  mayUse: (request: FastifyRequest, account: string) => boolean = () => true,
): void {
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    if (request.routeOptions.config.public === true || request.routeOptions.config.ownAuth === true) return;
    const name = namedAccount(request);
    if (name === undefined) {
      request.accountDeps = deps;
      return;
    }
    const found = deps.accounts.get(name);
    if (!found || !mayUse(request, name)) {
      await auditAccountRefusal(deps, {
        face: 'http',
        named: name,
        route: request.routeOptions.url ?? '',
        method: request.method,
        credential: request.identity?.method ?? 'unknown',
      });
      request.log.warn(
        {
          account: name.slice(0, 64),
          route: request.routeOptions.url,
          method: request.method,
          credential: request.identity?.method,
        },
        'request for an account that does not exist or that the credential may not use',
      );
      throw new AppError('not_found', 'no such account');
    }
    request.accountDeps = found;
  });
}

/** The parts of the account the request acts on (registerAccountScope set them). */
export function accountDepsOf(request: FastifyRequest): AppDeps {
  if (!request.accountDeps) throw new AppError('internal', 'the request has no account scope');
  return request.accountDeps;
}
