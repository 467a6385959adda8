// health_check: database, LLM and platform login, each ok or not with a message a person can act on.
import { loopBrief, loopsHealth } from './loop-health.js';
import type { StatusDeps } from './status-deps.js';

type Status = { status: 'ok' | 'error' | 'not_configured'; message: string };

export async function checkHealth(deps: StatusDeps): Promise<{
  healthy: boolean;
  database: Status;
  llm: Status;
  social: Status;
  loops: Status & { loops: ReturnType<typeof loopBrief>[] };
}> {
  let database: Status;
  try {
    await deps.pingDatabase();
    database = { status: 'ok', message: 'database reachable' };
  } catch (error) {
    database = { status: 'error', message: (error as Error).message };
  }
  const llmProblem = deps.llmProblem();
  const llm: Status = llmProblem
    ? { status: 'not_configured', message: llmProblem }
    : { status: 'ok', message: 'LLM provider configured' };
  const login = deps.login();
  const social: Status =
    login.state === 'valid' || login.state === 'expiring' || login.state === 'not_needed'
      ? {
          status: 'ok',
          message:
            login.state === 'not_needed' ? 'scraper backend (no login needed)' : 'platform login valid',
        }
      : login.state === 'missing'
        ? { status: 'not_configured', message: 'no platform login: run `app auth`' }
        : { status: 'error', message: login.message ?? `platform login ${login.state}` };
  const running = await deps.loops();
  const loops = { ...loopsHealth(running), loops: (running ?? []).map(loopBrief) };
  return { healthy: database.status === 'ok', database, llm, social, loops };
}
