// Shared shapes of the fake LLM server: the protocols it speaks, one recorded call (the prompt normalised
// across request shapes, so tests assert the exact text the model saw) and the answer handed to a protocol.

export type Protocol = 'openai-chat' | 'openai-responses' | 'anthropic' | 'ollama';
export const PROTOCOLS: readonly Protocol[] = ['openai-chat', 'openai-responses', 'anthropic', 'ollama'];

export interface RecordedMessage {
  /** 'user', 'assistant' or 'tool'; system and developer text goes to RecordedCall.system instead. */
  role: string;
  /** Text parts joined with '\n'; non-text parts appear as '[image]', '[file]', '[tool-call name]'. */
  content: string;
}

export interface RecordedCall {
  protocol: Protocol;
  /** Request path, e.g. '/v1/chat/completions' or '/api/chat' (both are protocol 'ollama' on Ollama). */
  path: string;
  model: string;
  /** Every system/developer message, `instructions` or Anthropic `system`, joined with '\n\n'. */
  system?: string;
  messages: RecordedMessage[];
  maxTokens?: number;
  temperature?: number;
  stream: boolean;
  apiKey?: string;
  /** ISO time the request arrived. */
  at: string;
  /** Status sent back; undefined while pending, when the socket was dropped or the client went away. */
  status?: number;
  /** The raw JSON body, for assertions on fields the normalised view leaves out. */
  body: unknown;
}

/** What the shared pipeline hands to a protocol once the call passed every fault and check. */
export interface Answer {
  id: string;
  model: string;
  /** Unix seconds. */
  created: number;
  text: string;
  /** 'length' when the text was cut at the request's max tokens. */
  finish: 'stop' | 'length';
  inputTokens: number;
  outputTokens: number;
}

/** An error to send in the protocol's own shape. */
export interface ErrorSpec {
  status: number;
  message?: string;
  /** Overrides the protocol's error type (e.g. 'insufficient_quota' style variants). */
  type?: string;
  code?: string;
  /** Seconds for the retry-after header (429 always sends one, default 1). */
  retryAfter?: number;
}
