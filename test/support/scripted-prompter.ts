// A Prompter that answers from a script and records what was asked, for driving wizards in tests.
import type { Prompter, SelectQuestion, TextQuestion } from '../../src/surfaces/cli/prompter.js';

export type ScriptedAnswer = { ask: RegExp; answer: string | boolean };

export class ScriptedPrompter implements Prompter {
  readonly transcript: string[] = [];
  private readonly script: ScriptedAnswer[];

  constructor(script: ScriptedAnswer[]) {
    this.script = [...script];
  }

  get remaining(): number {
    return this.script.length;
  }

  private next(kind: string, message: string): string | boolean {
    this.transcript.push(`${kind}: ${message}`);
    const step = this.script.shift();
    if (!step) throw new Error(`unexpected ${kind} prompt: ${message}`);
    if (!step.ask.test(message)) throw new Error(`expected a prompt matching ${step.ask}, got "${message}"`);
    return step.answer;
  }

  intro(title: string): void {
    this.transcript.push(`intro: ${title}`);
  }
  step(title: string): void {
    this.transcript.push(`step: ${title}`);
  }
  note(message: string): void {
    this.transcript.push(`note: ${message}`);
  }
  outro(message: string): void {
    this.transcript.push(`outro: ${message}`);
  }
  async text(question: TextQuestion): Promise<string> {
    const answer = String(this.next('text', question.message));
    const problem = question.validate?.(answer);
    if (problem) throw new Error(`answer "${answer}" to "${question.message}" rejected: ${problem}`);
    return answer;
  }
  async confirm(question: { message: string }): Promise<boolean> {
    return Boolean(this.next('confirm', question.message));
  }
  async select<T extends string>(question: SelectQuestion<T>): Promise<T> {
    const answer = String(this.next('select', question.message));
    if (!question.options.some((o) => o.value === answer)) {
      throw new Error(`"${answer}" is not an option of "${question.message}"`);
    }
    return answer as T;
  }
}
