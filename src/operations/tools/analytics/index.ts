// Analytics, telemetry and policy tools: what the account did, how the tools performed, what the policy allows.
import type { AnyOperation } from '../../define-operation.js';

export const ANALYTICS_TOOLS: readonly AnyOperation[] = [];
