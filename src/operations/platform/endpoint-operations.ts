// The endpoint-table tools (the 67 generated platform tools), one generic executor over their definitions.
import { ENDPOINT_TOOL_DEFINITIONS } from '../../contracts/tools/endpoint-tools.js';
import type { AnyOperation } from '../define-operation.js';
import { endpointOperation } from './endpoint-operation.js';

export const ENDPOINT_OPERATIONS: readonly AnyOperation[] = ENDPOINT_TOOL_DEFINITIONS.map(endpointOperation);
