// get_config and validate_config: the effective configuration with secrets masked, and the full validation
// (schema already passed at load; the cross-field rules and the quickstart fields here).
import { z } from 'zod';
import { accountRuleProblems } from '../../core/domain/account-rules.js';
import { missingQuickstartFields } from '../../core/domain/config-rules.js';
import { validateConfigRules } from '../../core/domain/config-validation.js';
import { defineOperation } from '../define-operation.js';
import { ALL_PROFILES, WRITE_ADMIN_API_READONLY } from '../tool-kit.js';

export const getConfigOperation = defineOperation({
  name: 'get_config',
  summary:
    'The effective configuration (defaults, file, environment and flags merged), with every secret masked.',
  input: z.object({}),
  output: z.record(z.string(), z.unknown()),
  mutation: false,
  tool: {
    name: 'get_config',
    category: 'config',
    lane: 'shared',
    profiles: ALL_PROFILES,
    requires: {},
    errors: [],
  },
  run: async (deps) => deps.configView(),
});

export const validateConfigOperation = defineOperation({
  name: 'validate_config',
  summary:
    'Check the configuration: cross-field rules and the quickstart fields. Answers {valid, errors, warnings}, each naming its key.',
  input: z.object({}),
  output: z.object({
    valid: z.boolean(),
    errors: z.array(z.string()),
    warnings: z.array(z.string()),
  }),
  mutation: false,
  tool: {
    name: 'validate_config',
    category: 'config',
    lane: 'shared',
    profiles: WRITE_ADMIN_API_READONLY,
    requires: {},
    errors: [],
  },
  run: async (deps) => {
    const global = validateConfigRules(deps.config, { purpose: 'load' });
    const problems = [...global, ...accountRuleProblems(deps.config, { purpose: 'load' }, global)];
    const where = (path: Array<string | number>) => path.join('.');
    const errors = [
      ...missingQuickstartFields(deps.config).map((field) => `${field}: required for quickstart`),
      ...problems.filter((p) => p.severity === 'error').map((p) => `${where(p.path)}: ${p.message}`),
    ];
    const warnings = problems
      .filter((p) => p.severity === 'warning')
      .map((p) => `${where(p.path)}: ${p.message}`);
    return { valid: errors.length === 0, errors, warnings };
  },
});
