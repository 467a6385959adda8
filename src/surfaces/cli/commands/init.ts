// `app init`: writes a first config from the 5 quickstart answers (or the 8-step wizard with --advanced).
// Answers come from flags, then APP_* env vars, then prompts; without a terminal nothing is asked.
import { locateConfig, writeNewConfig } from '../../../app/config-file.js';
import { hasErrors } from '../../../core/domain/config-issue.js';
import { collectInitAnswers, initFileValues, initHeader } from '../../../core/domain/init-answers.js';
import { type FieldQuestion, initSteps, type WizardStep } from '../../../core/domain/init-questions.js';
import { findLeaf } from '../../../core/domain/schema-walk.js';
import { askField } from '../ask-field.js';
import { CliError, type CommandContext, EXIT_FAILURE, EXIT_USAGE, println } from '../cli-io.js';
import { INIT_FLAGS } from '../init-steps.js';
import { ConfigInvalidError, commandInput, printIssues } from '../load-for-command.js';
import { collectPresets, type Presets } from '../presets.js';
import { type Prompter, promptFor } from '../prompter.js';

export interface InitOptions {
  advanced?: boolean;
  nonInteractive?: boolean;
  force?: boolean;
  productName?: string;
  productKeywords?: string;
  llmProvider?: string;
  llmApiKey?: string;
  clientId?: string;
}

/** Asks what flags and env did not answer; the walk itself is shared with the dashboard's wizard. */
function ask(steps: WizardStep[], presets: Presets, prompter: Prompter | undefined, announce: boolean) {
  return collectInitAnswers(steps, presets, {
    step: (index, step) => {
      if (announce && prompter) prompter.step(`Step ${index + 1}/${steps.length}: ${step.title}`);
    },
    ...(prompter
      ? {
          ask: async (question, leaf, required) => {
            if (question.gate && !(await prompter.confirm({ message: question.gate, initial: false })))
              return undefined;
            return askField(prompter, leaf, { message: question.message, required });
          },
        }
      : {}),
  });
}

function missingMessage(missing: FieldQuestion[]): string {
  const flagFor = (key: string) =>
    Object.values(INIT_FLAGS).find((f) => f.key === key)?.flag ?? `-O ${key}=…`;
  const lines = missing.map((q) => `  ${q.key}  (${flagFor(q.key)} or ${findLeaf(q.key)?.env})`);
  return `missing required settings (no terminal to ask on, or --non-interactive):\n${lines.join('\n')}`;
}

export async function runInit(ctx: CommandContext, options: InitOptions): Promise<void> {
  const paths = locateConfig(commandInput(ctx));
  if (paths.exists && !options.force) {
    throw new CliError(
      `a config already exists at ${paths.configPath}; change it with \`app settings\`, or pass --force to replace it`,
      EXIT_FAILURE,
    );
  }
  const commandFlags = Object.entries(INIT_FLAGS).flatMap(([option, { flag, key }]) => {
    const text = options[option as keyof InitOptions];
    return typeof text === 'string' ? [{ key, text, flag }] : [];
  });
  const presets = collectPresets(ctx, commandFlags, paths.configPath);
  printIssues(ctx, presets.issues);

  const prompter = options.nonInteractive ? undefined : await promptFor(ctx.io);
  prompter?.intro(options.advanced ? 'app init --advanced' : 'app init');
  const steps = initSteps(Boolean(options.advanced));
  const collected = await ask(steps, presets, prompter, Boolean(options.advanced));
  if (collected.missing.length > 0) throw new CliError(missingMessage(collected.missing), EXIT_USAGE);

  const written = writeNewConfig(
    paths,
    initFileValues(collected),
    initHeader(Boolean(options.advanced), new Date()),
  );
  if (hasErrors(written.issues)) throw new ConfigInvalidError(written.issues, paths.configPath);

  const done = `Wrote ${paths.configPath}`;
  if (prompter) prompter.outro(done);
  else println(ctx.io.stdout, done);
  for (const key of collected.envSecrets) {
    println(ctx.io.stdout, `${key} is read from ${findLeaf(key)?.env}; it was not copied into the file.`);
  }
  println(ctx.io.stdout, 'Next: `app auth` to log in to the platform, `app test` to check everything.');
}
