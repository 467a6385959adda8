// The universal request tools (admin only): raw requests to the four configured platform hosts.
import type { AnyOperation } from '../define-operation.js';
import { universalRequestOperation } from './universal-request-operation.js';

export const UNIVERSAL_REQUEST_OPERATIONS: readonly AnyOperation[] = [
  universalRequestOperation('GET'),
  universalRequestOperation('POST'),
  universalRequestOperation('PUT'),
  universalRequestOperation('DELETE'),
];
