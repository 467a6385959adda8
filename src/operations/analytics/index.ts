// Analytics, telemetry and policy tools: what the account did, how the tools performed, what the policy allows.
import type { AnyOperation } from '../define-operation.js';
import { ACTIVITY_OPERATIONS } from './activity-operations.js';
import { AUDIT_OPERATIONS } from './audit-operations.js';
import { POLICY_OPERATIONS } from './policy-operations.js';
import { TELEMETRY_OPERATIONS } from './telemetry-operations.js';

export const ANALYTICS_OPERATIONS: readonly AnyOperation[] = [
  ...ACTIVITY_OPERATIONS,
  ...AUDIT_OPERATIONS,
  ...POLICY_OPERATIONS,
  ...TELEMETRY_OPERATIONS,
];
