// get_mode, get_capabilities and health_check: what state the service is in and what an agent can do.
import { z } from 'zod';
import { checkHealth } from '../../core/services/status/check-health.js';
import { describeCapabilities } from '../../core/services/status/describe-capabilities.js';
import { defineOperation } from '../define-operation.js';
import { ALL_PROFILES, WRITE_ADMIN_API_READONLY } from '../tool-kit.js';

const Empty = z.object({});

export const getCapabilitiesOperation = defineOperation({
  name: 'get_capabilities',
  summary:
    'What the agent can do now: login and scopes per tool group, provider backend (read-only or not), remaining caps, LLM availability, and guidance.',
  input: Empty,
  output: z.record(z.string(), z.unknown()),
  mutation: false,
  tool: {
    name: 'get_capabilities',
    category: 'meta',
    lane: 'shared',
    profiles: WRITE_ADMIN_API_READONLY,
    requires: { db: true },
    errors: ['db_error'],
  },
  run: (deps) => describeCapabilities(deps.status),
});

export const healthCheckOperation = defineOperation({
  name: 'health_check',
  summary: 'Database, LLM and platform login status, each ok / error / not_configured with a message.',
  input: Empty,
  output: z.record(z.string(), z.unknown()),
  mutation: false,
  tool: {
    name: 'health_check',
    category: 'health',
    lane: 'shared',
    profiles: ALL_PROFILES,
    requires: { db: true },
    errors: ['db_error'],
  },
  run: async (deps) => checkHealth(deps.status),
});
