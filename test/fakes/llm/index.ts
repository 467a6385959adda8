// Public surface of the fake LLM server (OpenAI, Anthropic and Ollama protocols) used by tests and demos.
export type { FailOptions, MatchOptions, ReplyText } from './script.js';
export { LlmScript } from './script.js';
export { type FakeLlm, type StartFakeLlmOptions, startFakeLlm } from './server.js';
export { estimateTokens, overlongText } from './text.js';
export type { ErrorSpec, Protocol, RecordedCall, RecordedMessage } from './types.js';
