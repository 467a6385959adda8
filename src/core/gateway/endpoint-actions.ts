// The endpoint-table mutations as gateway actions (DMs, lists, moderation, pins, ads, compliance, stream rules).
import type { AnyToolAction } from './tool-action.js';

export const ENDPOINT_ACTIONS: readonly AnyToolAction[] = [];
