// Vault context for generation (tweet, thread, improve and reply): the account's winning posts on its
// keywords (a tenth of its best score or more, recency-weighted, at most 5) and fragments of notes — the ones the user picked first, then
// those matching the keywords (at most 5) — or, with neither, up to 5 seeds drawn from notes (a cold
// start); a block of at most 2000 characters for the system prompt, with citations of the fragments. It
// never blocks a generation: any problem means no block.
import { classifyArchetype } from '../../domain/classify-archetype.js';
import { rankWinningPosts } from '../../domain/rank-winning-posts.js';
import type { NoteFragment, VaultStore } from '../../ports/vault-store.js';

export const VAULT_BLOCK_MAX = 2000;
const ANCESTORS_MAX = 800;
const NOTES_MAX = 1000;
/** Scored posts on the keywords read before ranking (reference §j.5). */
const CANDIDATES = 50;
const FRAGMENTS = 5;

export interface VaultCitation {
  chunk_id: number;
  node_id: number;
  heading_path: string;
  source_path: string;
  source_title: string | null;
  snippet: string;
  retrieval_boost: number;
}

export interface VaultContext {
  block?: string;
  citations: VaultCitation[];
}

export interface VaultDeps {
  vault: VaultStore;
  clock: { now(): Date };
  /** product_keywords + competitor_keywords + industry topics (throws on a config problem). */
  keywords: () => readonly string[];
  logger?: { warn(obj: object, msg: string): void };
}

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Adds numbered entries while the section stays within `max` characters; an entry that does not fit is skipped. */
function section(header: string, entries: string[], max: number): string | undefined {
  let text = header;
  let n = 0;
  for (const entry of entries) {
    const next = `${text}\n${n + 1}. ${entry}`;
    if (next.length > max) continue;
    text = next;
    n++;
  }
  return n > 0 ? text : undefined;
}

/** Cuts at a character boundary (never inside a surrogate pair). */
function capAt(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = max;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut--;
  return text.slice(0, cut);
}

export async function buildVaultContext(
  deps: VaultDeps,
  options: { selectedNodeIds?: readonly number[] } = {},
): Promise<VaultContext> {
  try {
    const keywords = [
      ...new Map(deps.keywords().map((k) => [k.trim().toLowerCase(), k.trim()])).values(),
    ].filter(Boolean);
    const selectedIds = options.selectedNodeIds ?? [];
    const selected = selectedIds.length ? await deps.vault.fragmentsOfNotes(selectedIds, FRAGMENTS) : [];
    if (keywords.length === 0 && selected.length === 0) return { citations: [] };

    const posts = keywords.length ? await deps.vault.winningPosts(keywords, CANDIDATES) : [];
    const ancestors = posts.length
      ? rankWinningPosts(posts, await deps.vault.bestPerformance(), deps.clock.now())
      : [];

    const matched =
      keywords.length && selected.length < FRAGMENTS
        ? await deps.vault.matchingFragments(keywords, FRAGMENTS - selected.length + 5)
        : [];
    const fragments: NoteFragment[] = [
      ...selected,
      ...matched.filter((m) => !selected.some((s) => s.chunkId === m.chunkId)),
    ].slice(0, FRAGMENTS);

    const both = ancestors.length > 0 && fragments.length > 0;
    const ancestorText = section(
      'Patterns from your best-performing posts (use them as inspiration; do not copy them):',
      ancestors.map(
        (post) =>
          `[${post.format ?? classifyArchetype(post.kind, post.text)}] (${post.kind}): "${clip(flat(post.text), 120)}"`,
      ),
      both ? ANCESTORS_MAX : VAULT_BLOCK_MAX,
    );
    const noteText = section(
      'Relevant knowledge from your notes (ground the answer in it where it fits):',
      fragments.map(
        (f) =>
          `${f.headingPath ? `[${f.headingPath}] ` : ''}(from: ${f.title ?? f.path}): "${clip(flat(f.text), 200)}"`,
      ),
      NOTES_MAX,
    );
    // A cold start: nothing to learn from yet, so the ideas drawn from the notes are the context.
    const seedText =
      !ancestorText && !noteText
        ? section(
            'Ideas from your notes (draw on them):',
            (await deps.vault.pendingSeeds(5)).map(
              (seed) => `"${clip(flat(seed.text), 200)}" (from: ${seed.title ?? seed.path})`,
            ),
            VAULT_BLOCK_MAX,
          )
        : undefined;
    const block = [ancestorText, noteText, seedText].filter(Boolean).join('\n\n');
    return {
      ...(block ? { block: capAt(block, VAULT_BLOCK_MAX) } : {}),
      citations: (noteText ? fragments : []).map((f) => ({
        chunk_id: f.chunkId,
        node_id: f.nodeId,
        heading_path: f.headingPath,
        source_path: f.path,
        source_title: f.title,
        snippet: clip(flat(f.text), 120),
        retrieval_boost: f.boost,
      })),
    };
  } catch (error) {
    deps.logger?.warn({ err: error }, 'vault context skipped');
    return { citations: [] };
  }
}
