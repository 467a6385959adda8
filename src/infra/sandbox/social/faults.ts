// Faults on demand: rules (method, path prefix or RegExp, how many times) that make the next matching
// requests fail the ways the real platform and networks do: error statuses, latency, dropped sockets,
// HTML error pages, redirects, truncated or empty JSON, or a dropped response after the effect was committed.

export type FaultAction =
  | { type: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { type: 'rateLimited'; resetInSeconds: number }
  | { type: 'expiredToken' }
  | { type: 'forbidden' }
  | { type: 'tierForbidden' }
  | { type: 'suspended' }
  | { type: 'serverError'; status: number }
  | { type: 'latency'; ms: number }
  | { type: 'drop' }
  | { type: 'dropAfterCommit' }
  | { type: 'holdAfterCommit'; ms: number }
  | { type: 'html'; status: number }
  | { type: 'redirect'; status: number; location: string }
  | { type: 'malformed' }
  | { type: 'missingFields' };

export interface FaultRule {
  method?: string;
  /** A path prefix ("/2/tweets"), or a RegExp tested against the path without the query string. */
  path?: string | RegExp;
  /** How many matching requests to hit (default 1); -1 keeps the rule until cleared. */
  times?: number;
  /** Let this many matching requests through untouched first (e.g. fail the 3rd post of a thread). */
  skip?: number;
  /** Only requests whose access token belongs to this user: one account's faults, the others untouched. */
  userId?: string;
  action: FaultAction;
}

export interface ActiveFault {
  id: string;
  method?: string;
  userId?: string;
  path?: string;
  remaining: number;
  action: FaultAction;
}

/** Action builders for the usual failures. */
export const faultPresets = {
  status: (status: number, body?: unknown, headers?: Record<string, string>): FaultAction => ({
    type: 'status',
    status,
    body,
    headers,
  }),
  rateLimited: (resetInSeconds = 900): FaultAction => ({ type: 'rateLimited', resetInSeconds }),
  expiredToken: (): FaultAction => ({ type: 'expiredToken' }),
  forbidden: (): FaultAction => ({ type: 'forbidden' }),
  tierForbidden: (): FaultAction => ({ type: 'tierForbidden' }),
  suspended: (): FaultAction => ({ type: 'suspended' }),
  serverError: (status = 503): FaultAction => ({ type: 'serverError', status }),
  latency: (ms: number): FaultAction => ({ type: 'latency', ms }),
  drop: (): FaultAction => ({ type: 'drop' }),
  dropAfterCommit: (): FaultAction => ({ type: 'dropAfterCommit' }),
  /** Performs the effect, then holds the answer back (a client killed meanwhile never learns the result). */
  holdAfterCommit: (ms: number): FaultAction => ({ type: 'holdAfterCommit', ms }),
  html: (status = 503): FaultAction => ({ type: 'html', status }),
  /** A 3xx pointing elsewhere (an SSRF probe: a client must not follow it off the platform hosts). */
  redirect: (location: string, status = 302): FaultAction => ({ type: 'redirect', status, location }),
  malformed: (): FaultAction => ({ type: 'malformed' }),
  missingFields: (): FaultAction => ({ type: 'missingFields' }),
};

interface StoredRule {
  id: string;
  method?: string;
  userId?: string;
  path?: string | RegExp;
  skip: number;
  remaining: number;
  action: FaultAction;
}

export class FaultController {
  readonly presets = faultPresets;
  private rules: StoredRule[] = [];
  private counter = 0;

  /** Adds a rule; returns its id (for remove()). Rules are tried in the order they were added. */
  inject(rule: FaultRule): string {
    this.counter += 1;
    const id = `fault-${this.counter}`;
    const times = rule.times ?? 1;
    this.rules.push({
      id,
      method: rule.method?.toUpperCase(),
      ...(rule.userId ? { userId: rule.userId } : {}),
      path: rule.path,
      skip: rule.skip ?? 0,
      remaining: times < 0 ? Number.POSITIVE_INFINITY : times,
      action: rule.action,
    });
    return id;
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((rule) => rule.id !== id);
    return this.rules.length < before;
  }

  clear(): void {
    this.rules = [];
  }

  list(): ActiveFault[] {
    return this.rules.map((rule) => ({
      id: rule.id,
      method: rule.method,
      ...(rule.userId ? { userId: rule.userId } : {}),
      path: rule.path instanceof RegExp ? `re:${rule.path.source}` : rule.path,
      remaining: Number.isFinite(rule.remaining) ? rule.remaining : -1,
      action: rule.action,
    }));
  }

  /**
   * Consumes the rules matching this request: every latency rule adds its delay, and the first other rule
   * decides the outcome. Exhausted rules disappear. `userId` is whose token the request carries, if any.
   */
  take(method: string, path: string, userId?: string): { delayMs: number; action?: FaultAction } {
    let delayMs = 0;
    let action: FaultAction | undefined;
    for (const rule of this.rules) {
      if (!matches(rule, method, path) || (rule.userId !== undefined && rule.userId !== userId)) continue;
      if (rule.skip > 0) {
        rule.skip -= 1;
        continue;
      }
      if (rule.action.type === 'latency') {
        delayMs += rule.action.ms;
        rule.remaining -= 1;
        continue;
      }
      if (action) continue;
      action = rule.action;
      rule.remaining -= 1;
    }
    this.rules = this.rules.filter((rule) => rule.remaining > 0);
    return { delayMs, action };
  }
}

function matches(rule: StoredRule, method: string, path: string): boolean {
  if (rule.method && rule.method !== method.toUpperCase()) return false;
  if (rule.path === undefined) return true;
  if (rule.path instanceof RegExp) return rule.path.test(path);
  return path.startsWith(rule.path);
}

/** Over HTTP a RegExp travels as a "re:<source>" string. */
export function parseWirePath(path: unknown): string | RegExp | undefined {
  if (typeof path !== 'string') return undefined;
  return path.startsWith('re:') ? new RegExp(path.slice(3)) : path;
}
