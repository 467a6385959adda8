// Interactive questions behind one small interface: @clack/prompts on a terminal, scripted answers in tests.
import { CliError, EXIT_FAILURE } from './cli-io.js';

export interface TextQuestion {
  message: string;
  initial?: string;
  placeholder?: string;
  secret?: boolean;
  /** Returns an error message to ask again, or undefined when the answer is acceptable. */
  validate?: (value: string) => string | undefined;
}

export interface SelectQuestion<T extends string> {
  message: string;
  options: Array<{ value: T; label?: string; hint?: string }>;
  initial?: T;
}

export interface Prompter {
  intro(title: string): void;
  step(title: string): void;
  note(message: string): void;
  text(question: TextQuestion): Promise<string>;
  confirm(question: { message: string; initial?: boolean }): Promise<boolean>;
  select<T extends string>(question: SelectQuestion<T>): Promise<T>;
  outro(message: string): void;
}

/** The terminal prompter; loaded only when a command actually needs to ask. */
export async function createTerminalPrompter(): Promise<Prompter> {
  const clack = await import('@clack/prompts');
  const answer = <T>(value: T | symbol): T => {
    if (clack.isCancel(value)) throw new CliError('cancelled', EXIT_FAILURE);
    return value as T;
  };
  return {
    intro: (title) => clack.intro(title),
    step: (title) => clack.log.step(title),
    note: (message) => clack.log.info(message),
    outro: (message) => clack.outro(message),
    async text(q) {
      const validate = q.validate ? (value: string | undefined) => q.validate?.(value ?? '') : undefined;
      const ask = q.secret
        ? clack.password({ message: q.message, validate })
        : clack.text({ message: q.message, initialValue: q.initial, placeholder: q.placeholder, validate });
      return answer<string>(await ask) ?? '';
    },
    async confirm(q) {
      return answer<boolean>(await clack.confirm({ message: q.message, initialValue: q.initial }));
    },
    async select<T extends string>(q: SelectQuestion<T>) {
      const options = q.options.map((o) => ({ value: o.value, label: o.label ?? o.value, hint: o.hint }));
      // clack's option type is a conditional type over T; the shape above is what it accepts.
      return answer(
        await clack.select({ message: q.message, options: options as never, initialValue: q.initial }),
      ) as T;
    },
  };
}

export async function promptFor(io: {
  interactive: boolean;
  prompter?: Prompter;
}): Promise<Prompter | undefined> {
  if (io.prompter) return io.prompter;
  return io.interactive ? createTerminalPrompter() : undefined;
}
