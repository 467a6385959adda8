// What a CLI command may touch: its output streams, the environment and (only on a TTY) a prompter.
// Tests pass their own; nothing in a command reads process.* directly.
import type { Prompter } from './prompt-types.js';

export interface CliIo {
  /** `isTTY`: a terminal (process.stdout on one), where progress may be a line updated in place. */
  stdout: { write(text: string): unknown; isTTY?: boolean };
  /** `isTTY`: a terminal (process.stderr on one), where a long command may show its progress. */
  stderr: { write(text: string): unknown; isTTY?: boolean };
  env: Record<string, string | undefined>;
  /** True when stdin and stdout are terminals: only then may a command prompt. */
  interactive: boolean;
  /** Supplied by tests (scripted answers); otherwise a terminal prompter is created on demand. */
  prompter?: Prompter;
}

export interface GlobalOptions {
  config?: string;
  option: string[];
}

export interface CommandContext {
  io: CliIo;
  global: GlobalOptions;
}

/** A failure with a message for the user and the exit code to leave with. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
/** Bad input: invalid config, missing answers, usage errors. */
export const EXIT_USAGE = 2;

export function println(stream: { write(text: string): unknown }, text = ''): void {
  stream.write(`${text}\n`);
}
