// DNS-rebinding guard: a page on some other site must not reach this server through a name that
// resolves to 127.0.0.1. Only loopback names and hosts the user configured are answered.

import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/errors.js';

const LOOPBACK = ['localhost', '127.0.0.1', '::1'];
const WILDCARD = new Set(['0.0.0.0', '::']);

/** The host name of a Host header: without port, brackets and a trailing dot, lower case. */
export function hostName(header: string): string {
  const trimmed = header.trim().toLowerCase();
  const name = trimmed.startsWith('[')
    ? trimmed.slice(1, trimmed.indexOf(']'))
    : trimmed.replace(/:\d+$/, '');
  return name.replace(/\.$/, '');
}

/** The host names answered: loopback, the bound address (unless a wildcard) and [server] allowed_hosts. */
export function allowedHostNames(config: { host: string; allowed_hosts: readonly string[] }): Set<string> {
  const allowed = new Set([...LOOPBACK, ...config.allowed_hosts.map(hostName)]);
  if (!WILDCARD.has(config.host)) allowed.add(hostName(config.host));
  return allowed;
}

export function registerHostGuard(
  app: FastifyInstance,
  config: { host: string; allowed_hosts: readonly string[] },
): void {
  const allowed = allowedHostNames(config);
  app.addHook('onRequest', async (request) => {
    const host = request.headers.host;
    if (!host || !allowed.has(hostName(host))) {
      throw new AppError(
        'forbidden',
        `host ${host ?? '(none)'} is not allowed; add it to [server] allowed_hosts`,
      );
    }
  });
}
