// The universal request tools (admin only): raw requests to the four configured platform hosts.
import type { AnyOperation } from '../../define-operation.js';

export const UNIVERSAL_TOOLS: readonly AnyOperation[] = [];
