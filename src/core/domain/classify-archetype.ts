// The kind of move a post makes, from its text alone (reference §j.5): the label vault context shows beside a
// winning post when none was stored with it. Conservative rules with a broad default, since it only
// groups similar posts for the model; it is never a decision.

export const REPLY_ARCHETYPES = [
  'ask_question',
  'share_experience',
  'add_data',
  'respectful_disagree',
  'agree_and_expand',
] as const;

export const POST_FORMATS = [
  'list',
  'most_people_think_x',
  'contrarian_take',
  'before_after',
  'question',
  'tip',
  'storytelling',
] as const;

const has = (text: string, ...needles: string[]) => needles.some((needle) => text.includes(needle));

function replyArchetype(text: string): (typeof REPLY_ARCHETYPES)[number] {
  if (text.endsWith('?') || /^(what|how|why) /.test(text) || /^(have|do) you\b/.test(text)) {
    return 'ask_question';
  }
  if (
    has(
      text,
      "i've found",
      "i've noticed",
      "i've experienced",
      'in my experience',
      'i recently',
      'when i was',
    )
  ) {
    return 'share_experience';
  }
  if (has(text, 'data shows', 'stats show', 'study shows', 'research shows', 'according to', '% of')) {
    return 'add_data';
  }
  if (has(text, 'actually', 'however', 'but ') && has(text, 'i think', "i'd argue", 'not sure')) {
    return 'respectful_disagree';
  }
  return 'agree_and_expand';
}

function postFormat(text: string): (typeof POST_FORMATS)[number] {
  if (text.includes('1.') && text.includes('2.')) return 'list';
  if (has(text, 'most people think', 'everyone says')) return 'most_people_think_x';
  if (text.includes('actually,') && text.includes('but')) return 'contrarian_take';
  if (has(text, 'before:', 'after:', 'before →', 'before ->')) return 'before_after';
  if (text.endsWith('?')) return 'question';
  if ((/^(pro )?tip:/.test(text) || has(text, '→', '->')) && text.length < 200) return 'tip';
  return 'storytelling';
}

/**
 * A reply's archetype (ask_question, share_experience, add_data, respectful_disagree, else
 * agree_and_expand) or an original post's format (list, most_people_think_x, contrarian_take,
 * before_after, question, tip when short, else storytelling). Case and surrounding space do not matter.
 */
export function classifyArchetype(kind: string, text: string): string {
  const normalized = text.trim().replace(/’/g, "'").toLowerCase();
  return kind === 'reply' ? replyArchetype(normalized) : postFormat(normalized);
}
