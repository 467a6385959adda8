// What the login and the backend allow now: the one reading get_capabilities and the runtime status share.
import type { StatusDeps } from './status-deps.js';

export function postingAbility(deps: Pick<StatusDeps, 'login' | 'provider'>) {
  const login = deps.login();
  const loggedIn = login.state === 'valid' || login.state === 'expiring' || login.state === 'not_needed';
  const has = (scope: string) => login.state === 'not_needed' || login.scopes.includes(scope);
  const canWrite = loggedIn && deps.provider.mutations_available;
  return { login, loggedIn, has, canWrite, canPost: canWrite && has('tweet.write') };
}
