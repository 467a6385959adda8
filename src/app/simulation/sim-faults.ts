// The faults `--faults` injects into a simulated week, at seeded hours of the active day: rate limits on
// search, server errors and dropped connections on posting, a dropped mentions read, and an access
// token the platform suddenly calls expired (the client refreshes and carries on).
import type { FaultAction, FaultRule } from '../../infra/sandbox/social/index.js';

export interface PlannedFault {
  /** Day index from 0 and hour of the local day. */
  day: number;
  hour: number;
  what: string;
  rule: FaultRule;
}

const action = <T extends FaultAction>(a: T) => a;

export function planFaults(
  days: number,
  random: () => number,
  startHour: number,
  endHour: number,
): PlannedFault[] {
  const span = Math.max(1, (endHour > startHour ? endHour : endHour + 24) - startHour);
  const hour = () => (startHour + Math.floor(random() * span)) % 24;
  const templates: Array<Omit<PlannedFault, 'day' | 'hour'>> = [
    {
      what: '429 on search (two answers)',
      rule: {
        method: 'GET',
        path: '/2/tweets/search/recent',
        times: 2,
        action: action({ type: 'rateLimited', resetInSeconds: 900 }),
      },
    },
    {
      what: '503 on posting (two answers)',
      rule: {
        method: 'POST',
        path: '/2/tweets',
        times: 2,
        action: action({ type: 'serverError', status: 503 }),
      },
    },
    {
      what: 'a dropped connection (timeout) on mentions',
      rule: {
        method: 'GET',
        path: /^\/2\/users\/\d+\/mentions$/,
        times: 1,
        action: action({ type: 'drop' }),
      },
    },
    {
      what: 'the access token answered as expired (401)',
      rule: { times: 1, action: action({ type: 'expiredToken' }) },
    },
    {
      what: 'a post accepted but its answer lost (connection dropped after commit)',
      rule: { method: 'POST', path: '/2/tweets', times: 1, action: action({ type: 'dropAfterCommit' }) },
    },
    {
      what: '500 on timelines (three answers)',
      rule: {
        method: 'GET',
        path: /^\/2\/users\/\d+\/tweets$/,
        times: 3,
        action: action({ type: 'serverError', status: 500 }),
      },
    },
  ];
  const plan: PlannedFault[] = [];
  for (let day = 0; day < days; day++) {
    for (const template of [templates[day % templates.length], templates[(day + 3) % templates.length]]) {
      if (template) plan.push({ day, hour: hour(), ...template });
    }
  }
  return plan;
}
