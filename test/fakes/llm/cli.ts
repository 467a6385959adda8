// `npm run fake:llm -- --port N [--quiet]`: starts the fake LLM server by hand for demos, prints the base URL
// of each protocol and the config lines to point the app at it, then logs each call.
import { parseArgs } from 'node:util';
import { startFakeLlm } from './server.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '11435' },
    quiet: { type: 'boolean', default: false },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`invalid --port: ${values.port}`);
  process.exit(2);
}

const fake = await startFakeLlm({
  port,
  onCall: values.quiet
    ? undefined
    : (call) => {
        const last = call.messages.at(-1)?.content.slice(0, 60) ?? '';
        const status = call.status ?? 'dropped';
        console.log(`${call.at} ${call.protocol} ${call.model} stream=${call.stream} → ${status} "${last}"`);
      },
});

console.log(`fake LLM listening on ${fake.url}`);
console.log(`  OpenAI     baseURL ${fake.openaiBaseUrl}   (any non-empty API key)`);
console.log(`  Anthropic  baseURL ${fake.anthropicBaseUrl}   (any non-empty API key)`);
console.log(`  Ollama     baseURL ${fake.ollamaBaseUrl}   (no key; native API at ${fake.url}/api)`);
console.log('answers echo the last user message ("Echo: ...") unless scripted in-process.');

const stop = async () => {
  await fake.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
