// Runs the CLI and turns every outcome into an exit code: 0 ok, 1 failure, 2 bad input or config.
import { CommanderError } from 'commander';
import { appVersion } from '../../app/installation.js';
import { formatIssue } from '../../core/domain/config-issue.js';
import { isAppError } from '../../core/errors.js';
import { CliError, type CliIo, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, println } from './cli-io.js';
import { exitCodeFor } from './exit-codes.js';
import { ConfigInvalidError } from './load-for-command.js';
import { buildProgram } from './program.js';

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const program = buildProgram(io, appVersion());
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT_OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT_OK;
      if (error.code === 'commander.help' || error.code === 'commander.executeSubCommandAsync')
        return EXIT_OK;
      return EXIT_USAGE;
    }
    if (error instanceof ConfigInvalidError) {
      for (const issue of error.issues) println(io.stderr, formatIssue(issue));
      println(io.stderr, `app: ${error.message}`);
      return error.exitCode;
    }
    if (error instanceof CliError) {
      println(io.stderr, `app: ${error.message}`);
      return error.exitCode;
    }
    if (isAppError(error)) {
      if (Array.isArray(error.details))
        for (const issue of error.details) println(io.stderr, formatIssue(issue));
      println(io.stderr, `app: ${error.message}`);
      return exitCodeFor(error.code);
    }
    println(io.stderr, `app: unexpected error: ${(error as Error)?.stack ?? String(error)}`);
    return EXIT_FAILURE;
  }
}
