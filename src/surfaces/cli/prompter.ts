// Interactive questions behind one small interface: @clack/prompts on a terminal, scripted answers in tests.
import { CliError, EXIT_FAILURE } from './cli-io.js';
import type { Prompter, SelectQuestion } from './prompt-types.js';

export type { Prompter, SelectQuestion, TextQuestion } from './prompt-types.js';

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
