// The questions a command may ask, behind one small interface (a terminal or scripted answers).

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
