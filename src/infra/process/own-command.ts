// How another program (an agent host) should start this very `app`. A global install puts `app` on PATH;
// a checkout does not, and a bare `app` there would fail or, worse, start an unrelated program of that name.
import { accessSync, constants, realpathSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { packagePath } from '../package-root.js';

export interface OwnCommand {
  command: string;
  /** Arguments that come before the `app` arguments (the bin script when run through node). */
  args: string[];
}

function realpathOrUndefined(path: string): string | undefined {
  try {
    accessSync(path, constants.X_OK);
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/**
 * `app` when the first `app` on PATH is this package's bin (global install, `npm link`); otherwise the
 * absolute paths of node and of this package's `bin/app.js`, which work from anywhere.
 */
export function ownCommand(
  env: Record<string, string | undefined>,
  options: { execPath?: string; bin?: string } = {},
): OwnCommand {
  const bin = options.bin ?? packagePath('bin', 'app.js');
  const ours = realpathOrUndefined(bin) ?? bin;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    const found = realpathOrUndefined(join(dir, 'app'));
    if (found === undefined) continue;
    // The first `app` is the one a client would start: ours, or someone else's that shadows it.
    if (found === ours) return { command: 'app', args: [] };
    break;
  }
  return { command: options.execPath ?? process.execPath, args: [bin] };
}
