// Analytics, telemetry and policy tools: what the account did, how the tools performed, what the policy allows.
import type { AnyOperation } from '../../define-operation.js';
import { ACTIVITY_TOOLS } from './activity-tools.js';
import { AUDIT_TOOLS } from './audit-tools.js';
import { POLICY_TOOLS } from './policy-tools.js';
import { TELEMETRY_TOOLS } from './telemetry-tools.js';

export const ANALYTICS_TOOLS: readonly AnyOperation[] = [
  ...ACTIVITY_TOOLS,
  ...AUDIT_TOOLS,
  ...POLICY_TOOLS,
  ...TELEMETRY_TOOLS,
];
