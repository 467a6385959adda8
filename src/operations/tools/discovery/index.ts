// Discovery, context-intelligence and composite workflow tools.
import type { AnyOperation } from '../../define-operation.js';

export const DISCOVERY_TOOLS: readonly AnyOperation[] = [];
