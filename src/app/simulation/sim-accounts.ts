// Several accounts in one simulation (`app simulate --accounts N`): the config's own accounts, and as many
// simulated ones as it takes to reach N, each with settings of its own (timezone, active hours, caps,
// pacing), so a run shows every account kept to its own rules on one scheduler. Each account signs in at
// the fake platform as a user of its own; its days are reported in its own timezone once the run is over.
import type { AccountInput } from '../../contracts/config/accounts.js';
import type { Config } from '../../contracts/config/config.js';
import type { LoopStatus } from '../../contracts/runtime-status.js';
import { localHourAndDay } from '../../core/domain/active-hours.js';
import type { GuardSettings } from '../../core/domain/posting-guards.js';
import { capWindows, startOfLocalDay } from '../../core/domain/time-windows.js';
import type { PacingFigures } from '../../core/ports/pacing-store.js';
import {
  ActivityReportRepository,
  type ApiSpendRow,
} from '../../infra/sqlite/repositories/activity-report-repository.js';
import type { AccountApp } from '../wiring/create-app.js';
import { buildDayReport, type DayReport, type LoopEvent } from './sim-report.js';

export const MAX_SIMULATED_ACCOUNTS = 5;

/** The simulated accounts' settings, in the order they are added: different zones, hours, caps and gaps. */
const SIMULATED: ReadonlyArray<{ name: string; account: AccountInput }> = [
  {
    name: 'sim2',
    account: {
      display_name: 'Simulated: New York, short days',
      schedule: { timezone: 'America/New_York', active_hours_start: 9, active_hours_end: 17 },
      limits: { max_tweets_per_day: 2, max_replies_per_day: 3 },
    },
  },
  {
    name: 'sim3',
    account: {
      display_name: 'Simulated: Tokyo, slow pacing',
      schedule: { timezone: 'Asia/Tokyo', active_hours_start: 7, active_hours_end: 23 },
      limits: { max_tweets_per_day: 4, min_action_delay_seconds: 600, max_action_delay_seconds: 1200 },
    },
  },
  {
    name: 'sim4',
    account: {
      display_name: 'Simulated: weekdays only',
      schedule: { active_days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] },
      limits: { max_replies_per_day: 8 },
    },
  },
  {
    name: 'sim5',
    account: {
      display_name: 'Simulated: Sydney',
      schedule: { timezone: 'Australia/Sydney' },
      limits: { max_tweets_per_day: 3 },
    },
  },
];

/**
 * The config with simulated accounts added until it has `total` accounts (its own come first and are
 * never changed); a name the config already uses is skipped.
 */
export function withSimulatedAccounts(config: Config, total: number): Config {
  const accounts: Record<string, AccountInput> = { ...(config.accounts ?? {}) };
  let count = 1 + Object.keys(accounts).length;
  for (const { name, account } of SIMULATED) {
    if (count >= total) break;
    if (Object.hasOwn(accounts, name)) continue;
    accounts[name] = account;
    count++;
  }
  return { ...config, accounts } as Config;
}

/** What a further account did over the run, day by day in its own timezone. */
export interface AccountSimulation {
  account: string;
  /** The fake platform user it signed in as, and that user's handle. */
  userId: string;
  username: string;
  timezone: string;
  settings: GuardSettings;
  /** Its `[limits]` (its pacing gap among them). */
  limits: Config['limits'];
  days: DayReport[];
  pacing: PacingFigures;
  api: ApiSpendRow;
  loops: LoopStatus[];
}

/** A further account's report, built from what the run stored under its id. */
export async function reportAccount(input: {
  account: AccountApp;
  userId: string;
  username: string;
  start: Date;
  end: Date;
  events: readonly LoopEvent[];
}): Promise<AccountSimulation> {
  const { account, start, end } = input;
  const { deps } = account;
  const settings = deps.content.guardSettings();
  const zone = settings.activeHours.timezone;
  const reports = new ActivityReportRepository(deps.database, deps.accountId);
  const days: DayReport[] = [];
  let weekStart = capWindows(start, zone).weekStart.getTime();
  let threadsThisWeek = 0;
  for (let at = startOfLocalDay(start, zone).start; at < end; ) {
    const next = startOfLocalDay(new Date(at.getTime() + 36 * 3_600_000), zone).start;
    const since = at < start ? start : at;
    const until = next > end ? end : next;
    const week = capWindows(at, zone).weekStart.getTime();
    if (week !== weekStart) {
      weekStart = week;
      threadsThisWeek = 0;
    }
    const report = buildDayReport({
      date: startOfLocalDay(new Date(at.getTime() + 12 * 3_600_000), zone).date,
      weekday: localHourAndDay(new Date(at.getTime() + 12 * 3_600_000), zone).day,
      posts: await reports.posts(since, until),
      queued: await reports.queued(since, until),
      refused: await reports.refused(since, until),
      events: input.events.filter(
        (e) => Date.parse(e.at) >= since.getTime() && Date.parse(e.at) < until.getTime(),
      ),
      threadsEarlierThisWeek: threadsThisWeek,
      settings,
      api: await reports.apiSpend(since, until),
    });
    threadsThisWeek = report.totals.threadsThisWeek;
    days.push(report);
    at = next;
  }
  return {
    account: account.name,
    userId: input.userId,
    username: input.username,
    timezone: zone,
    settings,
    limits: deps.config.limits,
    days,
    pacing: await deps.publisher.pacing.store.figures(start, end),
    api: await reports.apiSpend(start, end),
    loops: account.loops.status(),
  };
}
