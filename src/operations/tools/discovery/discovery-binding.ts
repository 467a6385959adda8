// Tool bindings of the discovery, context and composite tools (write and admin profiles), and the one
// translation their local reads need: a failure that is not already an AppError is a database failure.
import type { ToolBinding, ToolCategory } from '../../../contracts/tools/tool-binding.js';
import { AppError, type ErrorCode, isAppError } from '../../../core/errors.js';
import { WRITE_ADMIN } from '../tool-kit.js';

export function discoveryBinding(
  name: string,
  category: Extract<ToolCategory, 'discovery' | 'context' | 'composite'>,
  options: { social?: boolean; llm?: boolean; errors: readonly ErrorCode[] },
): ToolBinding {
  return {
    name,
    category,
    lane: 'workflow',
    profiles: WRITE_ADMIN,
    requires: {
      db: true,
      ...(options.social ? { social: true, scopes: ['tweet.read', 'users.read'], userAuth: true } : {}),
      ...(options.llm ? { llm: true } : {}),
    },
    errors: [...new Set(options.errors)],
  };
}

/** Runs a service; a raw storage failure becomes db_error (retryable) instead of an internal error. */
export async function mapStorageErrors<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError('db_error', `database read failed: ${(error as Error)?.message ?? String(error)}`, {
      cause: error,
    });
  }
}
