// Elevated-tier endpoints (403 client-not-enrolled on the basic tier): batch compliance jobs, filtered
// stream rules (add/delete with the platform's summary counts) and project usage.
import type { ComplianceJob, StreamRule } from './model.js';
import { FakeApiError, invalidRequest, notFoundEntry } from './problems.js';
import { iso } from './render.js';
import { type ApiContext, type ApiRoute, jsonObject, ok, requireQuery } from './route-kit.js';
import { compileQuery } from './search-query.js';
import type { FakeState } from './state.js';

const DAY_MS = 24 * 3_600_000;
const PROJECT_ID = '1497184386123939840';
const JOB_STATUSES = ['created', 'in_progress', 'failed', 'complete', 'expired'];

export function enterpriseRoutes(): ApiRoute[] {
  return [
    {
      method: 'POST',
      url: '/2/compliance/jobs',
      scopes: ['compliance.write'],
      elevated: true,
      json: true,
      handler: ({ state, body }) => {
        const input = jsonObject(body);
        if (input.type !== 'tweets' && input.type !== 'users') {
          throw invalidRequest(
            `The \`type\` value [${String(input.type)}] is not one of [tweets,users]`,
            'type',
            [String(input.type)],
          );
        }
        const createdAt = state.now();
        const job: ComplianceJob = {
          id: state.ids.snowflake(createdAt),
          type: input.type,
          name: typeof input.name === 'string' ? input.name : undefined,
          resumable: input.resumable === true,
          createdAt,
        };
        state.complianceJobs.set(job.id, job);
        return ok({ data: renderJob(state, job) });
      },
    },
    {
      method: 'GET',
      url: '/2/compliance/jobs',
      scopes: ['compliance.write'],
      elevated: true,
      handler: ({ state, query }) => {
        const type = requireQuery(query, 'type');
        if (type !== 'tweets' && type !== 'users') {
          throw invalidRequest(
            `The \`type\` query parameter value [${type}] is not one of [tweets,users]`,
            'type',
            [type],
          );
        }
        if (query.status && !JOB_STATUSES.includes(query.status)) {
          throw invalidRequest(
            `The \`status\` query parameter value [${query.status}] is not one of [${JOB_STATUSES.join(',')}]`,
            'status',
            [query.status],
          );
        }
        const jobs = [...state.complianceJobs.values()]
          .filter((job) => job.type === type)
          .map((job) => renderJob(state, job))
          .filter((job) => !query.status || job.status === query.status)
          .reverse();
        return ok(
          jobs.length > 0
            ? { data: jobs, meta: { result_count: jobs.length } }
            : { meta: { result_count: 0 } },
        );
      },
    },
    {
      method: 'GET',
      url: '/2/compliance/jobs/:id',
      scopes: ['compliance.write'],
      elevated: true,
      handler: ({ state, params }) => {
        const job = state.complianceJobs.get(params.id ?? '');
        return ok(
          job
            ? { data: renderJob(state, job) }
            : { errors: [notFoundEntry('compliance_job', 'id', params.id ?? '')] },
        );
      },
    },
    {
      method: 'GET',
      url: '/2/tweets/search/stream/rules',
      scopes: ['tweet.read'],
      elevated: true,
      handler: ({ state, query }) => {
        const ids = query.ids ? new Set(query.ids.split(',')) : undefined;
        const rules = [...state.streamRules.values()].filter((rule) => !ids || ids.has(rule.id));
        const meta = { sent: iso(state.now()), result_count: rules.length };
        return ok(rules.length > 0 ? { data: rules.map(renderRule), meta } : { meta });
      },
    },
    {
      method: 'POST',
      url: '/2/tweets/search/stream/rules',
      scopes: ['tweet.read'],
      elevated: true,
      json: true,
      handler: (ctx) => {
        const input = jsonObject(ctx.body);
        const dryRun = ctx.query.dry_run === 'true';
        if (Array.isArray(input.add)) return addRules(ctx, input.add, dryRun);
        const deletion = input.delete as { ids?: unknown; values?: unknown } | undefined;
        if (deletion && typeof deletion === 'object') return deleteRules(ctx, deletion, dryRun);
        throw invalidRequest('Request must contain either an `add` or a `delete` property.');
      },
    },
    {
      method: 'GET',
      url: '/2/usage/tweets',
      scopes: ['usage.read'],
      elevated: true,
      handler: ({ state, query }) => {
        const days = Number(query.days ?? '7');
        if (!Number.isInteger(days) || days < 1 || days > 90) {
          throw invalidRequest(
            `The \`days\` query parameter value [${query.days}] is not between 1 and 90`,
            'days',
            [query.days ?? ''],
          );
        }
        return ok({ data: usage(state, days) });
      },
    },
  ];
}

function renderJob(state: FakeState, job: ComplianceJob) {
  // Jobs move on with the clock: in progress after a minute, complete after five.
  const age = state.now() - job.createdAt;
  const status = age >= 5 * 60_000 ? 'complete' : age >= 60_000 ? 'in_progress' : 'created';
  const token = job.id.slice(-8);
  return {
    id: job.id,
    type: job.type,
    ...(job.name ? { name: job.name } : {}),
    resumable: job.resumable,
    status,
    created_at: iso(job.createdAt),
    upload_url: `https://storage.googleapis.com/twttr-tweet-compliance/${job.id}/submission/${token}?X-Goog-Algorithm=GOOG4-RSA-SHA256`,
    upload_expires_at: iso(job.createdAt + 15 * 60_000),
    download_url: `https://storage.googleapis.com/twttr-tweet-compliance/${job.id}/delivery/${token}?X-Goog-Algorithm=GOOG4-RSA-SHA256`,
    download_expires_at: iso(job.createdAt + 7 * DAY_MS),
  };
}

function renderRule(rule: StreamRule) {
  return { id: rule.id, value: rule.value, ...(rule.tag ? { tag: rule.tag } : {}) };
}

function addRules(ctx: ApiContext, additions: unknown[], dryRun: boolean) {
  const { state } = ctx;
  const created: StreamRule[] = [];
  const errors: Record<string, unknown>[] = [];
  let invalid = 0;
  for (const entry of additions) {
    const { value, tag } = (entry ?? {}) as { value?: unknown; tag?: unknown };
    const text = typeof value === 'string' ? value : '';
    try {
      compileQuery(state, text);
    } catch (error) {
      invalid += 1;
      const detail = error instanceof FakeApiError ? firstMessage(error.body) : 'Invalid rule';
      errors.push({
        value: text,
        details: [detail],
        title: 'UnprocessableEntity',
        type: 'https://api.twitter.com/2/problems/invalid-rules',
      });
      continue;
    }
    const existing = [...state.streamRules.values(), ...created].find((rule) => rule.value === text);
    if (existing) {
      errors.push({
        value: text,
        id: existing.id,
        title: 'DuplicateRule',
        type: 'https://api.twitter.com/2/problems/duplicate-rules',
      });
      continue;
    }
    created.push({
      id: state.ids.snowflake(state.now()),
      value: text,
      tag: typeof tag === 'string' ? tag : undefined,
    });
  }
  if (!dryRun) for (const rule of created) state.streamRules.set(rule.id, rule);
  const valid = additions.length - invalid;
  const body: Record<string, unknown> = {};
  if (created.length > 0) body.data = created.map(renderRule);
  body.meta = {
    sent: iso(state.now()),
    summary: { created: created.length, not_created: additions.length - created.length, valid, invalid },
  };
  if (errors.length > 0) body.errors = errors;
  return ok(body);
}

function deleteRules(ctx: ApiContext, deletion: { ids?: unknown; values?: unknown }, dryRun: boolean) {
  const { state } = ctx;
  const ids = Array.isArray(deletion.ids) ? deletion.ids.map(String) : [];
  const values = Array.isArray(deletion.values) ? deletion.values.map(String) : [];
  const errors: Record<string, unknown>[] = [];
  let deleted = 0;
  const targets = [
    ...ids.map((id) => ({ key: id, rule: state.streamRules.get(id) })),
    ...values.map((value) => ({
      key: value,
      rule: [...state.streamRules.values()].find((rule) => rule.value === value),
    })),
  ];
  for (const { key, rule } of targets) {
    if (!rule) {
      errors.push({
        value: key,
        details: ['Rule does not exist'],
        title: 'Invalid Request',
        type: 'https://api.twitter.com/2/problems/invalid-request',
      });
      continue;
    }
    if (!dryRun) state.streamRules.delete(rule.id);
    deleted += 1;
  }
  const body: Record<string, unknown> = {
    meta: { sent: iso(state.now()), summary: { deleted, not_deleted: targets.length - deleted } },
  };
  if (errors.length > 0) body.errors = errors;
  return ok(body);
}

function firstMessage(body: unknown): string {
  const errors = (body as { errors?: Array<{ message?: string }> }).errors;
  return errors?.[0]?.message ?? 'Invalid rule';
}

function usage(state: FakeState, days: number) {
  const today = Math.floor(state.now() / DAY_MS) * DAY_MS;
  const entries = Array.from({ length: days }, (_, index) => {
    const start = today - (days - 1 - index) * DAY_MS;
    let count = 0;
    for (const tweet of state.tweets.values())
      if (tweet.createdAt >= start && tweet.createdAt < start + DAY_MS) count += 1;
    return { date: iso(start), usage: String(count) };
  });
  const total = entries.reduce((sum, entry) => sum + Number(entry.usage), 0);
  const cap = state.settings.tier === 'enterprise' ? 50_000_000 : 1_000_000;
  return {
    cap_reset_day: 1,
    project_cap: String(cap),
    project_id: PROJECT_ID,
    project_usage: String(total),
    daily_project_usage: { project_id: PROJECT_ID, usage: entries },
  };
}
