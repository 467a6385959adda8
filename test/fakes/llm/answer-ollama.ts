// Ollama's native API: /api/chat answers (one JSON, or NDJSON lines ending with a `done: true` line that
// carries the counts) and the model listings of /api/tags and the OpenAI-style /v1/models.
import type { ServerResponse } from 'node:http';
import type { NormalisedRequest } from './normalize.js';
import { streamPieces } from './text.js';
import type { Answer } from './types.js';
import { openStream, sendJson } from './wire.js';

/** Durations are nanoseconds in Ollama's answers; these are plausible, fixed values. */
const NS_PER_TOKEN = 20_000_000;

export function sendOllamaChat(res: ServerResponse, answer: Answer, request: NormalisedRequest) {
  const createdAt = new Date(answer.created * 1000).toISOString();
  const final = {
    model: answer.model,
    created_at: createdAt,
    message: { role: 'assistant', content: request.stream ? '' : answer.text },
    done: true,
    done_reason: answer.finish,
    total_duration: (answer.inputTokens + answer.outputTokens) * NS_PER_TOKEN + 5_000_000,
    load_duration: 5_000_000,
    prompt_eval_count: answer.inputTokens,
    prompt_eval_duration: answer.inputTokens * NS_PER_TOKEN,
    eval_count: answer.outputTokens,
    eval_duration: answer.outputTokens * NS_PER_TOKEN,
  };
  if (!request.stream) {
    sendJson(res, 200, final);
    return;
  }
  const stream = openStream(res, 'application/x-ndjson');
  for (const content of streamPieces(answer.text)) {
    stream.line({
      model: answer.model,
      created_at: createdAt,
      message: { role: 'assistant', content },
      done: false,
    });
  }
  stream.line(final);
  stream.end();
}

export function ollamaTags(models: string[]) {
  return {
    models: models.map((name, index) => ({
      name,
      model: name,
      modified_at: '2025-01-01T00:00:00Z',
      size: 2_019_393_189 + index,
      digest: fakeDigest(name),
      details: {
        parent_model: '',
        format: 'gguf',
        family: name.split(/[:.\d]/)[0] ?? name,
        families: [name.split(/[:.\d]/)[0] ?? name],
        parameter_size: '3.2B',
        quantization_level: 'Q4_K_M',
      },
    })),
  };
}

export function openAiModelList(models: string[]) {
  return {
    object: 'list',
    data: models.map((id) => ({ id, object: 'model', created: 1_735_689_600, owned_by: 'library' })),
  };
}

/** A stable 64-hex digest per name, so listings compare equal across runs. */
function fakeDigest(name: string): string {
  let hash = 2_166_136_261;
  for (const ch of name) hash = Math.imul(hash ^ ch.charCodeAt(0), 16_777_619) >>> 0;
  return hash.toString(16).padStart(8, '0').repeat(8);
}
