// Prompt assembly for every generation kind, from the business profile (voice, styles, persona, up to 3
// pillars) and an optional vault-context block. Pure: the same inputs always give the same prompt.

/** A prompt ready for the model: the Llm port's request is this plus the generation kind. */
export interface Prompt {
  system: string;
  prompt: string;
  maxTokens: number;
  temperature: number;
}

export interface VoiceProfile {
  productName: string;
  productDescription: string;
  productUrl?: string;
  audience: string;
  brandVoice?: string;
  replyStyle?: string;
  contentStyle?: string;
  opinions: readonly string[];
  experiences: readonly string[];
  pillars: readonly string[];
}

const line = (label: string, value: string | undefined) =>
  value?.trim() ? `${label}${value.trim()}` : undefined;

function persona(profile: VoiceProfile): string[] {
  return [
    profile.opinions.length ? `Opinions you hold: ${profile.opinions.join('; ')}` : undefined,
    profile.experiences.length
      ? `Experiences you can reference: ${profile.experiences.join('; ')}`
      : undefined,
    profile.pillars.length ? `Content pillars: ${profile.pillars.slice(0, 3).join(', ')}` : undefined,
  ].filter((x): x is string => x !== undefined);
}

function opening(profile: VoiceProfile): string {
  const description = profile.productDescription.trim();
  return `You are ${profile.productName}'s social media voice.${description ? ` ${description.replace(/\.?$/, '.')}` : ''}`;
}

function assemble(sections: Array<string | undefined | string[]>): string {
  return sections
    .flat()
    .filter((s): s is string => typeof s === 'string' && s.trim() !== '')
    .join('\n\n');
}

/** "[Tone: witty] launch day" → cue "witty", topic "launch day" (the client rule for tone cues). */
export function parseToneCue(text: string): { cue?: string; rest: string } {
  const match = /^\s*\[Tone:\s*([^\]]+)\]\s*/i.exec(text);
  if (!match) return { rest: text.trim() };
  return { cue: match[1]?.trim(), rest: text.slice(match[0].length).trim() };
}

/** A style directive as the tone cue of a topic (`[Tone: <style>] <topic>`); no style leaves the topic. */
export function withTone(topic: string, style?: string): string {
  return style?.trim() ? `[Tone: ${style.trim()}] ${topic}` : topic;
}

export const LENGTH_REMINDER =
  'Your previous answer was too long. It MUST be under 280 characters. Be concise.';

export function replyPrompt(
  profile: VoiceProfile,
  input: {
    tweetText: string;
    tweetAuthor: string;
    mentionProduct: boolean;
    toneCue?: string;
    /** Vault context (notes, winning posts), appended to the system prompt. */
    vault?: string;
    stricter?: boolean;
  },
): Prompt {
  const who = input.mentionProduct
    ? `You are a helpful community member who uses ${profile.productName}${profile.productDescription ? ` (${profile.productDescription.trim()})` : ''}.${profile.productUrl ? ` Product URL: ${profile.productUrl}` : ''}`
    : 'You are a helpful community member.';
  const rules = [
    'Rules:',
    '- Reply to the post directly and add something of value.',
    '- At most 3 sentences.',
    input.mentionProduct
      ? '- Mention the product only when it is genuinely relevant.'
      : '- Do not mention the product or any product.',
    '- No hashtags. Emojis sparingly.',
  ].join('\n');
  return {
    system: assemble([
      who,
      line('Your audience: ', profile.audience),
      line('Voice & personality: ', profile.brandVoice),
      `Reply style: ${profile.replyStyle?.trim() || 'conversational, helpful, not salesy, human'}`,
      persona(profile),
      input.toneCue?.trim() ? `Tone (MUST follow): ${input.toneCue.trim()}` : undefined,
      rules,
      input.vault,
      input.stricter ? LENGTH_REMINDER : undefined,
    ]),
    prompt: `Post by @${input.tweetAuthor.replace(/^@/, '')}: ${input.tweetText}`,
    maxTokens: 200,
    temperature: 0.7,
  };
}

interface AuthoredInput {
  topic: string;
  toneCue?: string;
  vault?: string;
  stricter?: boolean;
}

/** The system prompt shared by posts and threads: who writes, for whom, how, then the kind's rules. */
function authorSystem(
  profile: VoiceProfile,
  input: AuthoredInput,
  defaultStyle: string,
  rules: string,
  retry: string,
): string {
  return assemble([
    opening(profile),
    line('Your audience: ', profile.audience),
    line('Voice & personality: ', profile.brandVoice),
    `Content style: ${profile.contentStyle?.trim() || defaultStyle}`,
    persona(profile),
    input.toneCue ? `Tone (MUST follow): ${input.toneCue}` : undefined,
    input.vault,
    rules,
    input.stricter ? retry : undefined,
  ]);
}

export function tweetPrompt(profile: VoiceProfile, input: AuthoredInput): Prompt {
  return {
    system: authorSystem(
      profile,
      input,
      'informative and engaging',
      'Rules:\n- Write one educational post, under 280 characters.\n- No hashtags.\n- No direct product mention unless it is central to the topic.\n- Output only the post text.',
      LENGTH_REMINDER,
    ),
    prompt: `Write a post about: ${input.topic}`,
    maxTokens: 150,
    temperature: 0.8,
  };
}

export function threadPrompt(profile: VoiceProfile, input: AuthoredInput & { count?: number }): Prompt {
  const size = input.count ? `exactly ${input.count}` : '5 to 8';
  return {
    system: authorSystem(
      profile,
      input,
      'informative, not promotional',
      `Rules:\n- Write a thread of ${size} posts.\n- Separate posts with a line containing only ---\n- Each post under 280 characters.\n- The first post is the hook; the last one sums up or calls to action.\n- No hashtags. Output only the posts.`,
      `Your previous answer broke the rules. Use ${size} posts separated by --- lines, each under 280 characters.`,
    ),
    prompt: `Write a thread about: ${input.topic}`,
    maxTokens: 1500,
    temperature: 0.7,
  };
}

export function improvePrompt(
  profile: VoiceProfile,
  input: { draft: string; context?: string; vault?: string; stricter?: boolean },
): Prompt {
  return {
    system: assemble([
      opening(profile),
      line('Voice & personality: ', profile.brandVoice),
      persona(profile),
      input.vault,
      'Task: rewrite the draft so it is sharper and clearer, keeping its core message.',
      input.context?.trim() ? `Tone directive (MUST follow): ${input.context.trim()}` : undefined,
      'Rules:\n- Under 280 characters.\n- No hashtags.\n- Output only the new text.',
      input.stricter ? LENGTH_REMINDER : undefined,
    ]),
    prompt: `Draft to improve:\n${input.draft}`,
    maxTokens: 150,
    temperature: 0.7,
  };
}

/** Cleans a model's answer: surrounding quotes and whitespace go. */
export function cleanGenerated(text: string): string {
  return text
    .trim()
    .replace(/^["“](.*)["”]$/s, '$1')
    .trim();
}

/** Splits a thread answer into cards: `---` lines, else numbered lines ("1/", "1.", "1)"). */
export function parseThreadText(text: string): string[] {
  const bySeparator = text
    .split(/^\s*-{3,}\s*$/m)
    .map((part) => cleanGenerated(part))
    .filter(Boolean);
  if (bySeparator.length > 1) return bySeparator;
  const numbered = text
    .split(/^\s*\d{1,2}\s*[/.)]\s*/m)
    .map((part) => cleanGenerated(part))
    .filter(Boolean);
  return numbered.length > 1 ? numbered : bySeparator;
}
