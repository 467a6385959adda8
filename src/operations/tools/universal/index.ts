// The universal request tools (admin only): raw requests to the four configured platform hosts.
import type { AnyOperation } from '../../define-operation.js';
import { universalTool } from './universal-request.js';

export const UNIVERSAL_TOOLS: readonly AnyOperation[] = [
  universalTool('GET'),
  universalTool('POST'),
  universalTool('PUT'),
  universalTool('DELETE'),
];
