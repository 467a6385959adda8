// The settings of the simulated week and months (simulated-*.test.ts): the defaults, a business profile and
// two target accounts so every reading loop has work, active hours 8–22 in Berlin; a test adds its own.
import { type ConfigInput, ConfigSchema } from '../../src/contracts/config/config.js';

export const simConfig = (extra: ConfigInput = {}) =>
  ConfigSchema.parse({
    approval_mode: false,
    business: {
      product_name: 'Queuebird',
      product_keywords: ['sqlite', 'job queue'],
      competitor_keywords: ['sidekiq'],
      industry_topics: ['background jobs', 'devops'],
    },
    targets: { accounts: ['big_vendor', 'queue_news'] },
    llm: { provider: 'openai', api_key: 'placeholder-replaced-by-the-simulation' },
    schedule: { timezone: 'Europe/Berlin', active_hours_start: 8, active_hours_end: 22 },
    ...extra,
  });

/** A month's settings, optionally under a budget. */
export const monthConfig = (budget?: number) =>
  simConfig(budget === undefined ? {} : { limits: { monthly_api_budget_usd: budget } });

/** Both months start here: a whole March (UTC), so a budget pause resumes on 1 April. */
export const MONTH_START = new Date('2026-03-01T00:00:00Z');
