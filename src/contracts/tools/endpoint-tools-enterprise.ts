// Endpoint-table tools that need an elevated platform tier (spec: Compliance and stream-rule tools; admin
// only): batch compliance jobs, project usage and the filtered-stream rules (never the stream itself).
import { z } from 'zod';
import type { SocialEndpoint } from '../social-endpoint.js';
import { ADMIN, type EndpointToolDefinition, param, req } from './endpoint-tools-kit.js';

const api = (method: SocialEndpoint['method'], path: string, scopes: string[]): SocialEndpoint => ({
  method,
  host: 'api',
  path,
  scopes,
});

const COMPLIANCE = ['compliance.write'];
const STREAM = ['tweet.read'];
const STREAM_RULES = '/2/tweets/search/stream/rules';
const jobType = param.choice('type', ['tweets', 'users'], 'What the job checks: post ids or user ids.');

const StreamRuleSchema = z.object({
  value: z.string().trim().min(1).max(1024).describe('The rule, in the search query syntax.'),
  tag: z.string().trim().min(1).max(256).optional().describe('A label returned with matching posts.'),
});

export const ENTERPRISE_ENDPOINT_TOOLS: readonly EndpointToolDefinition[] = [
  {
    name: 'social_v2_compliance_jobs',
    summary: 'Your batch compliance jobs of one type, newest first, optionally by status.',
    group: 'compliance',
    category: 'compliance',
    endpoint: api('GET', '/2/compliance/jobs', COMPLIANCE),
    profiles: ADMIN,
    params: [
      { ...jobType, default: 'tweets' },
      param.choice(
        'status',
        ['created', 'in_progress', 'failed', 'complete', 'expired'],
        'Only jobs in this state.',
      ),
    ],
  },
  {
    name: 'social_v2_compliance_job_by_id',
    summary: 'One compliance job: its state and the upload and download URLs.',
    group: 'compliance',
    category: 'compliance',
    endpoint: api('GET', '/2/compliance/jobs/{id}', COMPLIANCE),
    profiles: ADMIN,
    params: [req(param.id('id', 'Id of the compliance job.'))],
  },
  {
    name: 'social_v2_compliance_job_create',
    summary:
      'Create a batch compliance job; upload the ids to its upload_url, then poll it (policy-gated, audit-logged).',
    group: 'compliance',
    category: 'compliance',
    endpoint: api('POST', '/2/compliance/jobs', COMPLIANCE),
    profiles: ADMIN,
    policy: 'enterprise_admin',
    params: [
      req(jobType),
      param.text('name', 'A name for the job.', { max: 64 }),
      param.boolean('resumable', 'Upload the ids in resumable chunks.', { default: false }),
    ],
  },
  {
    name: 'social_v2_usage_tweets',
    summary: "The project's post consumption per day against its monthly cap.",
    group: 'compliance',
    category: 'compliance',
    endpoint: api('GET', '/2/usage/tweets', ['usage.read']),
    profiles: ADMIN,
    params: [param.integer('days', 'Days of history (1-90).', { min: 1, max: 90, default: 7 })],
  },
  {
    name: 'social_v2_stream_rules_list',
    summary: 'The filtered-stream rules of the project (optionally only some ids).',
    group: 'stream_rules',
    category: 'compliance',
    endpoint: api('GET', STREAM_RULES, STREAM),
    profiles: ADMIN,
    params: [param.idList('ids', 'Only these rule ids.')],
  },
  {
    name: 'social_v2_stream_rules_add',
    summary:
      'Add filtered-stream rules (policy-gated, audit-logged); duplicates and invalid rules come back in errors.',
    group: 'stream_rules',
    category: 'compliance',
    endpoint: api('POST', STREAM_RULES, STREAM),
    profiles: ADMIN,
    policy: 'enterprise_admin',
    params: [
      {
        name: 'rules',
        kind: 'list',
        required: true,
        description: 'Rules to add: [{value, tag?}] (1-1000).',
        schema: z.array(StreamRuleSchema).min(1).max(1000),
      },
    ],
    body: (params) => ({ add: params.rules }),
  },
  {
    name: 'social_v2_stream_rules_delete',
    summary: 'Delete filtered-stream rules by id (policy-gated, audit-logged).',
    group: 'stream_rules',
    category: 'compliance',
    endpoint: api('POST', STREAM_RULES, STREAM),
    profiles: ADMIN,
    policy: 'enterprise_admin',
    params: [
      req(param.idList('rule_ids', 'Ids of the rules to delete (comma-separated or array).', { max: 1000 })),
    ],
    // The platform deletes through the same POST as adding, with this body.
    body: (params) => ({ delete: { ids: params.rule_ids } }),
  },
];
