// The shell's pages, found by folder: web/src/pages/<name>/meta.ts (bundled with the shell, so the
// navigation knows every page) and web/src/pages/<name>/page.tsx (its own chunk, loaded on first visit).
// A page is added by adding its folder; nothing else lists them.
//
// Pages are not React.lazy behind Suspense: React holds back a Suspense boundary's content until 300 ms
// after its fallback was shown (FALLBACK_THROTTLE_MS), so every first visit to a page waited that long
// for a chunk that arrives in a few milliseconds. The shell renders a page once its chunk is loaded.
import type { ComponentType } from 'react';
import type { PageMeta } from './page-meta.js';

export interface ShellPage extends PageMeta {
  /** The page's component, once its chunk has loaded. */
  loaded(): ComponentType | undefined;
  /** Loads the page's chunk (once; again after a failure). */
  load(): Promise<ComponentType>;
}

const metas = import.meta.glob<PageMeta>('./*/meta.ts', { eager: true, import: 'meta' });
const modules = import.meta.glob<{ default: ComponentType }>('./*/page.tsx');

function chunk(load: () => Promise<{ default: ComponentType }>) {
  let component: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  return {
    loaded: () => component,
    load: () => {
      pending ??= load().then(
        (module) => {
          component = module.default;
          return component;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
}

export const PAGES: readonly ShellPage[] = Object.entries(metas)
  .map(([file, meta]) => {
    const load = modules[file.replace(/meta\.ts$/, 'page.tsx')];
    if (!load) throw new Error(`${file} has no page.tsx beside it`);
    return { ...meta, ...chunk(load) };
  })
  .sort((a, b) => a.order - b.order);

export function pageAt(path: string): ShellPage | undefined {
  return PAGES.find((page) => page.path === path);
}
