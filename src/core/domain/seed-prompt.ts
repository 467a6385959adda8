// Seeds from a note: the prompt that asks the model for 1-3 standalone hooks with a suggested format, and
// the parser of its `HOOK:` / `FORMAT:` / `---` answer. Only the first 2000 characters of a note are sent.
import type { Prompt } from './prompts.js';

export const SEED_NOTE_CHARS = 2000;
export const SEED_MAX_CHARS = 200;
export const SEED_FORMATS = [
  'list',
  'tip',
  'question',
  'contrarian_take',
  'storytelling',
  'before_after',
] as const;

export interface ParsedSeed {
  text: string;
  format: string | null;
}

export function seedPrompt(note: { title: string | null; body: string }): Prompt {
  return {
    system: [
      'You turn a personal note into ideas for social posts.',
      `Give 1 to 3 standalone hooks (each at most ${SEED_MAX_CHARS} characters) that the note could become.`,
      `For each, suggest one format: ${SEED_FORMATS.join(', ')}.`,
      'Answer exactly in this layout, hooks separated by a line with ---:',
      'HOOK: <the hook>',
      'FORMAT: <format>',
    ].join('\n'),
    prompt: `${note.title ? `Title: ${note.title}\n\n` : ''}${note.body.slice(0, SEED_NOTE_CHARS)}`,
    maxTokens: 400,
    temperature: 0.7,
  };
}

/** Hooks from the model's answer; empty or over-long ones are dropped, at most 3 kept. */
export function parseSeeds(text: string): ParsedSeed[] {
  const seeds: ParsedSeed[] = [];
  for (const block of text.split(/^\s*---+\s*$/m)) {
    const hook = /^\s*HOOK:\s*(.+)$/im
      .exec(block)?.[1]
      ?.trim()
      .replace(/^["“]|["”]$/g, '');
    if (!hook || hook.length > SEED_MAX_CHARS) continue;
    const format = /^\s*FORMAT:\s*([a-z_ -]+)/im
      .exec(block)?.[1]
      ?.trim()
      .toLowerCase()
      .replace(/[ -]+/g, '_');
    seeds.push({
      text: hook,
      format: format && (SEED_FORMATS as readonly string[]).includes(format) ? format : null,
    });
  }
  return seeds.slice(0, 3);
}
