// Small text helpers for editing YAML in place: scalars written the way every YAML reader (1.1 and 1.2)
// reads back as the same value, line positions, and applying splices from the end so offsets stay valid.
import type { Eol } from './note-layout.js';

export type LoopBackValue = string | number;

const WORD = /^[A-Za-z][A-Za-z0-9_]*$/;
// Words YAML 1.1 readers (js-yaml, PyYAML) turn into booleans or null.
const RESERVED = /^(?:true|false|yes|no|on|off|y|n|null)$/i;
// No `: `, ` #`, quotes or a trailing colon: nothing a plain scalar would read differently.
const PLAIN_URL = /^https?:\/\/[A-Za-z0-9._~/?&=%+-]+$/;

/** True when `value` can be written unquoted and still reads back as this exact string everywhere. */
export function isPlainSafe(value: string): boolean {
  return (WORD.test(value) && !RESERVED.test(value)) || PLAIN_URL.test(value);
}

/**
 * One scalar as YAML text. Anything that could read back as another type or value (ids made of digits,
 * timestamps, which YAML 1.1 readers turn into dates) is double-quoted; JSON string syntax is valid YAML.
 */
export function formatScalar(value: LoopBackValue): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
    return String(value);
  }
  return isPlainSafe(value) ? value : JSON.stringify(value);
}

/** Column of `offset` on its line. */
export function columnOf(text: string, offset: number): number {
  return offset - (text.lastIndexOf('\n', offset - 1) + 1);
}

/** The start of the line after the one holding the character before `offset` (`offset` if it starts one). */
export function lineEndAfter(text: string, offset: number): number {
  if (offset > 0 && text[offset - 1] === '\n') return offset;
  const newline = text.indexOf('\n', offset);
  return newline === -1 ? text.length : newline + 1;
}

export interface Splice {
  start: number;
  end: number;
  insert: string;
}

/** Applies non-overlapping splices (any order given) from the last to the first. */
export function applySplices(text: string, splices: readonly Splice[]): string {
  const ordered = [...splices].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  for (const { start, end, insert } of ordered) out = out.slice(0, start) + insert + out.slice(end);
  return out;
}

/** Whole lines inserted at `offset`, a line ending first when the text there does not end its line. */
export function lineInsert(text: string, offset: number, lines: string, eol: Eol): Splice {
  const needsBreak = offset === text.length && text.length > 0 && !text.endsWith('\n');
  return { start: offset, end: offset, insert: needsBreak ? eol + lines : lines };
}

/** `key: value` lines of a new list item at `dashColumn`, the first one carrying the dash. */
export function itemLines(
  fields: readonly (readonly [string, LoopBackValue])[],
  dashColumn: number,
  eol: Eol,
): string {
  const pad = ' '.repeat(dashColumn);
  return fields
    .map(([key, value], index) => `${pad}${index === 0 ? '- ' : '  '}${key}: ${formatScalar(value)}${eol}`)
    .join('');
}

/** `key: value` lines at `column` (fields added to an existing block mapping). */
export function fieldLines(
  fields: readonly (readonly [string, LoopBackValue])[],
  column: number,
  eol: Eol,
): string {
  const pad = ' '.repeat(column);
  return fields.map(([key, value]) => `${pad}${key}: ${formatScalar(value)}${eol}`).join('');
}
