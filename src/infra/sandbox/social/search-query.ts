// The recent-search query language, enough of it to behave like the platform: terms and quoted phrases
// (case-insensitive, whole words), implicit AND, OR (looser than AND), parentheses, `-` negation and the
// common operators (from:, to:, is:reply, is:retweet, is:quote, has:media, has:links, lang:, ...).
import type { TweetRecord } from './model.js';
import { invalidRequest } from './problems.js';
import type { FakeState } from './state.js';

type Node =
  | { kind: 'and' | 'or'; children: Node[] }
  | { kind: 'not'; child: Node }
  | { kind: 'term'; text: string }
  | { kind: 'op'; name: string; value: string };

const OPERATORS = new Set([
  'from',
  'to',
  'is',
  'has',
  'lang',
  'conversation_id',
  'retweets_of',
  'url',
  'in_reply_to_tweet_id',
  'quotes_of_tweet_id',
]);
export const MAX_QUERY_LENGTH = 512;

export type Matcher = (tweet: TweetRecord) => boolean;

export function compileQuery(state: FakeState, query: string | undefined): Matcher {
  if (query === undefined || query.trim() === '') {
    throw invalidRequest('The `query` query parameter can not be empty', 'query', query ? [query] : []);
  }
  if (query.length > MAX_QUERY_LENGTH) {
    throw invalidRequest(
      `There were errors processing your request: Rules must be ${MAX_QUERY_LENGTH} characters or less`,
      'query',
      [query],
    );
  }
  const node = new Parser(tokenize(query), query).parse();
  if (!hasPositive(node)) {
    throw invalidRequest(
      'There were errors processing your request: Rules must contain a non-negation term (at position 1)',
      'query',
      [query],
    );
  }
  return (tweet) => evaluate(state, node, tweet);
}

function tokenize(query: string): string[] {
  const tokens: string[] = [];
  const pattern = /\s*(-?"[^"]*"|-?\(|\)|[^\s()]+)/y;
  let match = pattern.exec(query);
  while (match?.[1]) {
    const token = match[1];
    if (/^-?"/.test(token) && (token.length < 2 || !token.endsWith('"') || token === '-"')) {
      throw invalidRequest('There were errors processing your request: Unterminated quote', 'query', [query]);
    }
    tokens.push(token);
    match = pattern.exec(query);
  }
  return tokens;
}

class Parser {
  private index = 0;
  constructor(
    private readonly tokens: string[],
    private readonly query: string,
  ) {}

  parse(): Node {
    const node = this.parseOr();
    if (this.index < this.tokens.length) this.fail(`Unexpected '${this.tokens[this.index]}'`);
    return node;
  }

  private parseOr(): Node {
    const children = [this.parseAnd()];
    while (this.tokens[this.index] === 'OR') {
      this.index += 1;
      children.push(this.parseAnd());
    }
    return children.length === 1 && children[0] ? children[0] : { kind: 'or', children };
  }

  private parseAnd(): Node {
    const children: Node[] = [];
    while (this.index < this.tokens.length) {
      const token = this.tokens[this.index];
      if (token === ')' || token === 'OR') break;
      children.push(this.parseUnary());
    }
    if (children.length === 0) this.fail('Expected a term');
    return children.length === 1 && children[0] ? children[0] : { kind: 'and', children };
  }

  private parseUnary(): Node {
    const token = this.tokens[this.index] ?? '';
    this.index += 1;
    const negated = token.startsWith('-') && token.length > 1;
    const body = negated ? token.slice(1) : token;
    let node: Node;
    if (body === '(') {
      node = this.parseOr();
      if (this.tokens[this.index] !== ')') this.fail('Missing closing parenthesis');
      this.index += 1;
    } else if (body.startsWith('"')) {
      node = { kind: 'term', text: body.slice(1, -1) };
    } else {
      node = this.operatorOrTerm(body);
    }
    return negated ? { kind: 'not', child: node } : node;
  }

  private operatorOrTerm(body: string): Node {
    const match = /^([a-z_]+):(.+)$/.exec(body);
    if (!match?.[1] || !match[2] || /^https?$/.test(match[1])) return { kind: 'term', text: body };
    if (!OPERATORS.has(match[1])) {
      this.fail(
        `Reference to invalid operator '${match[1]}'. Operator is not available in current product or product packaging`,
      );
    }
    return { kind: 'op', name: match[1], value: match[2].replace(/^"|"$/g, '') };
  }

  private fail(message: string): never {
    throw invalidRequest(`There were errors processing your request: ${message}`, 'query', [this.query]);
  }
}

function hasPositive(node: Node): boolean {
  if (node.kind === 'not') return false;
  if (node.kind === 'and' || node.kind === 'or') return node.children.some(hasPositive);
  return true;
}

function evaluate(state: FakeState, node: Node, tweet: TweetRecord): boolean {
  switch (node.kind) {
    case 'and':
      return node.children.every((child) => evaluate(state, child, tweet));
    case 'or':
      return node.children.some((child) => evaluate(state, child, tweet));
    case 'not':
      return !evaluate(state, node.child, tweet);
    case 'term':
      return containsWords(tweet.text, node.text);
    case 'op':
      return matchOperator(state, node.name, node.value, tweet);
  }
}

/** Each phrase's pattern, built once (a search tests it against every post). */
const phrasePatterns = new Map<string, RegExp | null>();

function containsWords(text: string, phrase: string): boolean {
  let pattern = phrasePatterns.get(phrase);
  if (pattern === undefined) {
    const words = phrase.trim().split(/\s+/).map(escapeRegExp).join('\\s+');
    pattern = words === '' ? null : new RegExp(`(?<![\\p{L}\\p{N}_])${words}(?![\\p{L}\\p{N}_])`, 'iu');
    if (phrasePatterns.size >= 1000) phrasePatterns.clear();
    phrasePatterns.set(phrase, pattern);
  }
  return pattern === null || pattern.test(text);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function sameUser(state: FakeState, userId: string | undefined, value: string): boolean {
  if (!userId) return false;
  if (userId === value) return true;
  return state.users.get(userId)?.username.toLowerCase() === value.replace(/^@/, '').toLowerCase();
}

function matchOperator(state: FakeState, name: string, value: string, tweet: TweetRecord): boolean {
  switch (name) {
    case 'from':
      return sameUser(state, tweet.authorId, value);
    case 'to':
      return sameUser(state, tweet.inReplyToUserId, value);
    case 'retweets_of': {
      const source = tweet.retweetedTweetId ? state.tweets.get(tweet.retweetedTweetId) : undefined;
      return sameUser(state, source?.authorId, value);
    }
    case 'is':
      if (value === 'reply') return tweet.inReplyToTweetId !== undefined;
      if (value === 'retweet') return tweet.retweetedTweetId !== undefined;
      if (value === 'quote') return tweet.quotedTweetId !== undefined;
      if (value === 'verified') return state.users.get(tweet.authorId)?.verified ?? false;
      return false;
    case 'has':
      if (value === 'media' || value === 'images' || value === 'videos') return tweet.mediaKeys.length > 0;
      if (value === 'links') return /https?:\/\//.test(tweet.text);
      if (value === 'mentions') return /@[A-Za-z0-9_]/.test(tweet.text);
      if (value === 'hashtags') return /#\w/.test(tweet.text);
      return false;
    case 'lang':
      return tweet.lang === value;
    case 'conversation_id':
      return tweet.conversationId === value;
    case 'in_reply_to_tweet_id':
      return tweet.inReplyToTweetId === value;
    case 'quotes_of_tweet_id':
      return tweet.quotedTweetId === value;
    case 'url':
      return tweet.text.toLowerCase().includes(value.toLowerCase());
    default:
      return false;
  }
}
