// LlmScript: what the fake answers next. Queued replies (consumed in order, globally or per protocol), and
// faults (error statuses, slow answers, dropped sockets) that hit the next matching calls.
import { overlongText } from './text.js';
import type { ErrorSpec, Protocol, RecordedCall } from './types.js';

export type ReplyText = string | ((call: RecordedCall) => string);

export interface MatchOptions {
  /** How many calls this applies to (default 1); Infinity keeps it until reset(). */
  times?: number;
  /** Only calls of this protocol (or these protocols); default every protocol. */
  protocol?: Protocol | Protocol[];
}

export interface FailOptions extends ErrorSpec, MatchOptions {}

interface Entry<T> {
  value: T;
  remaining: number;
  protocols?: Protocol[];
}

const DEFAULT_MODELS = ['llama3.2:latest', 'qwen2.5:7b'];

export class LlmScript {
  /** Keys accepted by the OpenAI and Anthropic routes; undefined accepts any non-empty key. */
  acceptedKeys: string[] | undefined = undefined;
  /** Models listed by /v1/models, /ollama/v1/models and /api/tags. */
  models: string[] = [...DEFAULT_MODELS];
  /** When set, Ollama routes answer 404 "model not found, try pulling it first" for models not listed. */
  rejectUnknownModels = false;

  private replies: Entry<ReplyText>[] = [];
  private failures: Entry<ErrorSpec>[] = [];
  private delays: Entry<number>[] = [];
  private drops: Entry<true>[] = [];

  /** Queues an answer: a fixed text or one computed from the recorded call. */
  reply(text: ReplyText, options: MatchOptions = {}): this {
    this.replies.push(entry(text, options));
    return this;
  }

  /** The next matching calls answer this status in their protocol's error shape. */
  fail(options: FailOptions): this {
    const { times: _times, protocol: _protocol, ...spec } = options;
    this.failures.push(entry(spec, options));
    return this;
  }

  /** The next matching calls wait this long before answering (or failing). */
  delay(ms: number, options: MatchOptions = {}): this {
    this.delays.push(entry(ms, options));
    return this;
  }

  /** The next matching calls get their socket destroyed without an answer. */
  drop(options: MatchOptions = {}): this {
    this.drops.push(entry(true, options));
    return this;
  }

  /** Queues answers of exactly `chars` characters (length-repair tests). */
  overlong(chars: number, options: MatchOptions = {}): this {
    return this.reply(overlongText(chars), options);
  }

  /** Back to defaults: no queued replies or faults, any key, the default model list. */
  reset(): void {
    this.acceptedKeys = undefined;
    this.models = [...DEFAULT_MODELS];
    this.rejectUnknownModels = false;
    this.replies = [];
    this.failures = [];
    this.delays = [];
    this.drops = [];
  }

  /** How many scripted items are still waiting (Infinity ones count once). */
  pending(): { replies: number; failures: number; delays: number; drops: number } {
    return {
      replies: this.replies.length,
      failures: this.failures.length,
      delays: this.delays.length,
      drops: this.drops.length,
    };
  }

  /** @internal The server consumes scripted items through these. */
  takeReply(protocol: Protocol): ReplyText | undefined {
    return take(this.replies, protocol);
  }
  takeFailure(protocol: Protocol): ErrorSpec | undefined {
    return take(this.failures, protocol);
  }
  takeDelay(protocol: Protocol): number | undefined {
    return take(this.delays, protocol);
  }
  takeDrop(protocol: Protocol): boolean {
    return take(this.drops, protocol) === true;
  }
  isKeyAccepted(key: string | undefined): key is string {
    if (key === undefined || key === '') return false;
    return this.acceptedKeys === undefined || this.acceptedKeys.includes(key);
  }
}

function entry<T>(value: T, options: MatchOptions): Entry<T> {
  const times = options.times ?? 1;
  if (!(times >= 1)) throw new RangeError(`times must be at least 1 (got ${times})`);
  const protocols =
    options.protocol === undefined
      ? undefined
      : Array.isArray(options.protocol)
        ? options.protocol
        : [options.protocol];
  return { value, remaining: times, protocols };
}

function take<T>(queue: Entry<T>[], protocol: Protocol): T | undefined {
  const index = queue.findIndex((e) => e.protocols === undefined || e.protocols.includes(protocol));
  const found = queue[index];
  if (!found) return undefined;
  found.remaining -= 1;
  if (found.remaining <= 0) queue.splice(index, 1);
  return found.value;
}
