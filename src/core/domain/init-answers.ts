// Turning first-run answers into the config file's values, for `app init` and the dashboard's wizard alike:
// each answer checked by its field's own schema, answers given up front (flags, env, a form) used before
// asking, env secrets left out of the file, approval mode on unless answered, and the file's header.

import { coerceText } from './coerce-text.js';
import type { ConfigSource } from './config-issue.js';
import { type Answers, type FieldQuestion, isRequired, type WizardStep } from './init-questions.js';
import { type ConfigLeaf, findLeaf } from './schema-walk.js';

/** Coerces and validates text for a leaf; returns the value or an error message. */
export function parseFieldText(leaf: ConfigLeaf, text: string): { value?: unknown; error?: string } {
  const coerced = coerceText(leaf, text);
  if (coerced.ok === 'unset') return {};
  if (coerced.ok === false) return { error: coerced.message };
  return checkValue(leaf, coerced.value);
}

function checkValue(leaf: ConfigLeaf, value: unknown): { value?: unknown; error?: string } {
  const checked = leaf.schema.safeParse(value);
  if (!checked.success)
    return { error: checked.error.issues[0]?.message.replace(/^Invalid input: /, '') ?? 'invalid' };
  return { value };
}

/** An answer as text (a form field, a prompt) or already typed (JSON): the value, unset, or why not. */
export function parseAnswer(leaf: ConfigLeaf, answer: unknown): { value?: unknown; error?: string } {
  if (answer === undefined || answer === null) return {};
  if (typeof answer === 'string') return parseFieldText(leaf, answer);
  return checkValue(leaf, answer);
}

/** An answer given before asking, and where it came from (a flag, an env var, a form). */
export interface InitPreset {
  value: unknown;
  source: ConfigSource;
}

export interface InitPresets {
  get(key: string): InitPreset | undefined;
}

export interface CollectedAnswers {
  answers: Map<string, unknown>;
  /** Secrets that came from env vars: used, but not copied into the file. */
  envSecrets: Set<string>;
  /** Required questions nobody answered. */
  missing: FieldQuestion[];
}

export interface AskHooks {
  /** A new step begins (the --advanced wizard announces "Step N/8"). */
  step?(index: number, step: WizardStep): void;
  /** Asks one question; undefined when left empty. Without it nothing is asked. */
  ask?(question: FieldQuestion, leaf: ConfigLeaf, required: boolean): Promise<unknown>;
}

/** Walks the steps: a preset answers a question, otherwise it is asked (or, required, reported missing). */
export async function collectInitAnswers(
  steps: readonly WizardStep[],
  presets: InitPresets,
  hooks: AskHooks = {},
): Promise<CollectedAnswers> {
  const collected: CollectedAnswers = { answers: new Map(), envSecrets: new Set(), missing: [] };
  const { answers } = collected;
  for (const [index, step] of steps.entries()) {
    hooks.step?.(index, step);
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
      if (!hooks.ask) {
        if (required) collected.missing.push(question);
        continue;
      }
      const value = await hooks.ask(question, leaf, required);
      if (value !== undefined) answers.set(question.key, value);
    }
  }
  return collected;
}

/** The values the file holds: every answer but env secrets, and approval mode on unless answered. */
export function initFileValues(collected: CollectedAnswers): Map<string, unknown> {
  const values = new Map([...collected.answers].filter(([key]) => !collected.envSecrets.has(key)));
  if (!values.has('approval_mode')) values.set('approval_mode', true);
  return values;
}

/** The comment lines the new file starts with. */
export function initHeader(advanced: boolean, today: Date): string[] {
  return [
    `Created by \`app init${advanced ? ' --advanced' : ''}\` on ${today.toISOString().slice(0, 10)}.`,
    'Every setting is described in docs/configuration.md; `app update` adds sections for new features.',
  ];
}

export type { Answers };
