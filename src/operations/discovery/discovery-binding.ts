// Tool bindings of the discovery, context and composite tools (write and admin profiles), and the one
// translation their local reads need: a failure that is not already an AppError is a database failure.
import type { ToolBinding, ToolCategory } from '../../contracts/tools/tool-binding.js';
import { AppError, type ErrorCode, isAppError } from '../../core/errors.js';
import { WRITE_ADMIN } from '../tool-kit.js';

export function discoveryBinding(
  name: string,
  category: Extract<ToolCategory, 'discovery' | 'context' | 'composite'>,
  options: { social?: boolean; llm?: boolean; policy?: 'check'; errors: readonly ErrorCode[] },
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
    ...(options.policy ? { policy: options.policy } : {}),
  };
}

/** Runs a service; a raw SQLite failure (SQLITE_* code) becomes db_error instead of an internal error. */
export async function mapStorageErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (isAppError(error) || typeof code !== 'string' || !code.startsWith('SQLITE_')) throw error;
    throw new AppError('db_error', `database failure: ${(error as Error).message}`, { cause: error });
  }
}
