// Dashboard bundle sizes after the build (dist/web), gzipped with node:zlib: the initial JS and CSS that
// `/drafts` loads (the entry's script and stylesheet, what it preloads, and the Draft Studio page's chunk
// with every chunk it imports: the page is its own chunk, loaded at start), all JS, and each other chunk.
// Budgets from the design note: initial JS ≤ 200 kB gz, all JS ≤ 320 kB gz, each lazy chunk ≤ 60 kB gz,
// CSS ≤ 30 kB gz.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const WEB = new URL('../dist/web/', import.meta.url).pathname;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gz = (file: string) => gzipSync(readFileSync(join(WEB, file)), { level: 9 }).length;

/** The files and every chunk they import statically (`import … from "./x.js"`, not `import("./x.js")`). */
function withStaticImports(files: readonly string[]): string[] {
  const found = new Set(files);
  const queue = files.filter((f) => f.endsWith('.js'));
  for (let file = queue.shift(); file; file = queue.shift()) {
    const code = readFileSync(join(WEB, file), 'utf8');
    for (const [, name] of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
      const chunk = `assets/${name}`;
      if (!found.has(chunk)) {
        found.add(chunk);
        queue.push(chunk);
      }
    }
  }
  return [...found];
}

export function benchBundle(): void {
  const html = readFileSync(join(WEB, 'index.html'), 'utf8');
  const assets = readdirSync(join(WEB, 'assets')).map((name) => `assets/${name}`);
  const entry = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1] as string);
  const page = assets.filter((f) => /^assets\/page-drafts-[^/]+\.js$/.test(f));
  if (page.length !== 1) throw new Error(`expected one Draft Studio page chunk, found ${page.length}`);
  const initial = withStaticImports([...entry, ...page]);
  const js = assets.filter((f) => f.endsWith('.js'));
  const css = assets.filter((f) => f.endsWith('.css'));
  const sum = (files: string[]) => files.reduce((n, f) => n + gz(f), 0);
  const initialJs = sum(initial.filter((f) => f.endsWith('.js')));
  const allJs = sum(js);
  const allCss = sum(css);
  const lazy = js.filter((f) => !initial.includes(f)).map((f) => [f, gz(f)] as const);
  const verdict = (value: number, limit: number) => (value <= limit * 1024 ? 'OK' : 'OVER');
  console.log(`initial JS for /drafts: ${kb(initialJs)} kB gz (budget 200) ${verdict(initialJs, 200)}`);
  console.log(`all JS: ${kb(allJs)} kB gz in ${js.length} files (budget 320) ${verdict(allJs, 320)}`);
  console.log(`CSS: ${kb(allCss)} kB gz (budget 30) ${verdict(allCss, 30)}`);
  for (const [file, size] of lazy)
    console.log(`lazy ${file}: ${kb(size)} kB gz (budget 60) ${verdict(size, 60)}`);
}
