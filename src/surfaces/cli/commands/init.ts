// `app init`: writes a first config from the 5 quickstart answers (or the 8-step wizard with --advanced).
// Answers come from flags, then APP_* env vars, then prompts; without a terminal nothing is asked.
import { locateConfig, writeNewConfig } from '../../../app/config-file.js';
import { hasErrors } from '../../../core/domain/config-issue.js';
import { findLeaf } from '../../../core/domain/schema-walk.js';
import { askField } from '../ask-field.js';
import { CliError, type CommandContext, EXIT_FAILURE, EXIT_USAGE, println } from '../cli-io.js';
import {
  ADVANCED_STEPS,
  type FieldQuestion,
  INIT_FLAGS,
  isRequired,
  QUICKSTART,
  type WizardStep,
} from '../init-steps.js';
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

interface Collected {
  answers: Map<string, unknown>;
  /** Secrets that came from env vars: used, but not copied into the file. */
  envSecrets: Set<string>;
  missing: FieldQuestion[];
}

async function ask(
  steps: WizardStep[],
  presets: Presets,
  prompter: Prompter | undefined,
  announce: boolean,
): Promise<Collected> {
  const collected: Collected = { answers: new Map(), envSecrets: new Set(), missing: [] };
  const { answers } = collected;
  for (const [index, step] of steps.entries()) {
    if (announce && prompter) prompter.step(`Step ${index + 1}/${steps.length}: ${step.title}`);
    for (const question of step.fields) {
      if (answers.has(question.key) || (question.when && !question.when(answers))) continue;
      const leaf = findLeaf(question.key);
      if (!leaf) throw new Error(`init asks for unknown key ${question.key}`);
      const preset = presets.get(question.key);
      if (preset) {
        answers.set(question.key, preset.value);
        if (preset.source.kind === 'env' && leaf.meta.secret) collected.envSecrets.add(question.key);
        continue;
      }
      const required = isRequired(question, answers);
      if (!prompter) {
        if (required) collected.missing.push(question);
        continue;
      }
      if (question.gate && !(await prompter.confirm({ message: question.gate, initial: false }))) continue;
      const value = await askField(prompter, leaf, { message: question.message, required });
      if (value !== undefined) answers.set(question.key, value);
    }
  }
  return collected;
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
  const steps = options.advanced ? ADVANCED_STEPS : [{ title: 'Quickstart', fields: QUICKSTART }];
  const collected = await ask(steps, presets, prompter, Boolean(options.advanced));
  if (collected.missing.length > 0) throw new CliError(missingMessage(collected.missing), EXIT_USAGE);

  const values = new Map([...collected.answers].filter(([key]) => !collected.envSecrets.has(key)));
  if (!values.has('approval_mode')) values.set('approval_mode', true);
  const written = writeNewConfig(paths, values, [
    `Created by \`app init${options.advanced ? ' --advanced' : ''}\` on ${new Date().toISOString().slice(0, 10)}.`,
    'Every setting is described in docs/configuration.md; `app update` adds sections for new features.',
  ]);
  if (hasErrors(written.issues)) throw new ConfigInvalidError(written.issues, paths.configPath);

  const done = `Wrote ${paths.configPath}`;
  if (prompter) prompter.outro(done);
  else println(ctx.io.stdout, done);
  for (const key of collected.envSecrets) {
    println(ctx.io.stdout, `${key} is read from ${findLeaf(key)?.env}; it was not copied into the file.`);
  }
  println(ctx.io.stdout, 'Next: `app auth` to log in to the platform, `app test` to check everything.');
}
