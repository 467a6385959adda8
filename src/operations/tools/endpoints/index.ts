// The endpoint-table tools (the 67 generated platform tools), one generic executor over their definitions.
import type { AnyOperation } from '../../define-operation.js';

export const ENDPOINT_TOOLS: readonly AnyOperation[] = [];
