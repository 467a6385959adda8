// Prompt assembly for each generation kind, with and without voice, persona and vault context. The
// snapshots are the prompts themselves: a change to wording shows up in review.
import { describe, expect, it } from 'vitest';
import {
  improvePrompt,
  parseThreadText,
  parseToneCue,
  replyPrompt,
  threadPrompt,
  tweetPrompt,
  type VoiceProfile,
} from './prompts.js';

const BARE: VoiceProfile = {
  productName: 'Acme',
  productDescription: '',
  audience: '',
  opinions: [],
  experiences: [],
  pillars: [],
};
const RICH: VoiceProfile = {
  productName: 'Acme',
  productDescription: 'A CLI that ships release notes',
  productUrl: 'https://acme.dev',
  audience: 'indie developers',
  brandVoice: 'dry, precise, a little funny',
  replyStyle: 'short and generous',
  contentStyle: 'practical, with one concrete example',
  opinions: ['changelogs are marketing', 'small releases win'],
  experiences: ['shipped 300 releases'],
  pillars: ['shipping', 'docs', 'tooling', 'fourth is dropped'],
};
const VAULT =
  'Relevant notes from your knowledge base (ground the answer in them where they fit):\n1. "Release early" (from: notes.md)';

describe('prompt assembly', () => {
  it('tweet: bare profile', () => expect(tweetPrompt(BARE, { topic: 'releases' })).toMatchSnapshot());
  it('tweet: voice, persona, tone cue and vault', () =>
    expect(tweetPrompt(RICH, { topic: 'releases', toneCue: 'playful', vault: VAULT })).toMatchSnapshot());
  it('tweet: the stricter retry adds the length reminder', () => {
    const stricter = tweetPrompt(RICH, { topic: 'releases', stricter: true });
    expect(stricter.system).toContain('MUST be under 280 characters');
  });
  it('reply: with and without the product', () => {
    expect(
      replyPrompt(RICH, {
        tweetText: 'How do you write changelogs?',
        tweetAuthor: '@dana',
        mentionProduct: true,
      }),
    ).toMatchSnapshot();
    expect(
      replyPrompt(BARE, {
        tweetText: 'How do you write changelogs?',
        tweetAuthor: 'dana',
        mentionProduct: false,
      }),
    ).toMatchSnapshot();
  });
  it('thread: rich profile with vault', () =>
    expect(threadPrompt(RICH, { topic: 'release notes', vault: VAULT })).toMatchSnapshot());
  it('improve: the context is a must-follow tone directive', () => {
    const prompt = improvePrompt(RICH, {
      draft: 'we released a thing',
      context: 'more confident',
      vault: VAULT,
    });
    expect(prompt).toMatchSnapshot();
    expect(prompt.system).toContain('Tone directive (MUST follow): more confident');
    expect(improvePrompt(BARE, { draft: 'x' }).system).not.toContain('Tone directive');
  });
  it('never lists more than 3 pillars', () => {
    expect(tweetPrompt(RICH, { topic: 't' }).system).toContain('Content pillars: shipping, docs, tooling');
    expect(tweetPrompt(RICH, { topic: 't' }).system).not.toContain('fourth');
  });
});

describe('tone cues and thread parsing', () => {
  it('reads a [Tone: …] prefix back out of the topic', () => {
    expect(parseToneCue('[Tone: witty] launch day')).toEqual({ cue: 'witty', rest: 'launch day' });
    expect(parseToneCue('  [tone:  calm, warm ]  quiet post')).toEqual({
      cue: 'calm, warm',
      rest: 'quiet post',
    });
    expect(parseToneCue('no cue here')).toEqual({ rest: 'no cue here' });
  });
  it('splits threads on --- lines, else on numbered lines', () => {
    expect(parseThreadText('one\n---\ntwo\n---\n"three"')).toEqual(['one', 'two', 'three']);
    expect(parseThreadText('1/ first\n2/ second\n3) third')).toEqual(['first', 'second', 'third']);
    expect(parseThreadText('just one block')).toEqual(['just one block']);
  });
});
