// Chat Completions answers (OpenAI /v1/chat/completions and Ollama's /ollama/v1 compatibility layer): the
// whole `chat.completion`, or `chat.completion.chunk` SSE ending in `data: [DONE]`, with a final usage chunk
// (empty choices) only when `stream_options.include_usage` asked for it, as the real API does.
import type { ServerResponse } from 'node:http';
import type { NormalisedRequest } from './normalize.js';
import { streamPieces } from './text.js';
import type { Answer } from './types.js';
import { openStream, sendJson } from './wire.js';

export function sendChatCompletion(
  res: ServerResponse,
  answer: Answer,
  request: NormalisedRequest,
  ollama = false,
) {
  const fingerprint = ollama ? 'fp_ollama' : 'fp_fake';
  const base = {
    id: answer.id,
    created: answer.created,
    model: answer.model,
    system_fingerprint: fingerprint,
  };
  const finishReason = answer.finish;
  if (!request.stream) {
    sendJson(res, 200, {
      ...base,
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: answer.text, refusal: null, annotations: [] },
          logprobs: null,
          finish_reason: finishReason,
        },
      ],
      usage: usage(answer),
    });
    return;
  }
  const stream = openStream(res, 'text/event-stream');
  const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
    ...base,
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...(request.includeUsage ? { usage: null } : {}),
  });
  stream.event(chunk({ role: 'assistant', content: '', refusal: null }, null));
  for (const piece of streamPieces(answer.text)) stream.event(chunk({ content: piece }, null));
  stream.event(chunk({}, finishReason));
  if (request.includeUsage) {
    stream.event({ ...base, object: 'chat.completion.chunk', choices: [], usage: usage(answer) });
  }
  stream.data('[DONE]');
  stream.end();
}

function usage(answer: Answer) {
  return {
    prompt_tokens: answer.inputTokens,
    completion_tokens: answer.outputTokens,
    total_tokens: answer.inputTokens + answer.outputTokens,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}
