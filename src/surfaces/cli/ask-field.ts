// Asks for one config field with the widget its type calls for, validated by the field's own schema.
import { parseFieldText } from '../../core/domain/init-answers.js';
import type { ConfigLeaf } from '../../core/domain/schema-walk.js';
import type { Prompter } from './prompter.js';

export { parseFieldText };

export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export interface AskOptions {
  message?: string;
  current?: unknown;
  /** A required field cannot be left empty. */
  required?: boolean;
}

/** Returns the typed answer, or undefined when an optional field was left empty. */
export async function askField(
  prompter: Prompter,
  leaf: ConfigLeaf,
  options: AskOptions = {},
): Promise<unknown> {
  const message = options.message ?? leaf.description ?? leaf.key;
  const current = options.current ?? leaf.defaultValue;
  if (leaf.kind === 'boolean') {
    return prompter.confirm({ message, initial: typeof current === 'boolean' ? current : false });
  }
  if (leaf.kind === 'enum' && leaf.enumValues) {
    return prompter.select({
      message,
      options: leaf.enumValues.map((value) => ({ value })),
      initial: typeof current === 'string' ? current : leaf.enumValues[0],
    });
  }
  const hint = leaf.kind === 'string_list' ? ' (comma-separated)' : '';
  const text = await prompter.text({
    message: `${message}${hint}`,
    initial: leaf.meta.secret ? undefined : formatValue(current),
    secret: leaf.meta.secret,
    validate: (value) => {
      if (options.required && value.trim() === '') return 'required';
      return parseFieldText(leaf, value).error;
    },
  });
  return parseFieldText(leaf, text).value;
}
