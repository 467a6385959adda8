// The dashboard keeps one design system (web/src/ui): colours are tokens with a light and a dark value, the
// type sizes, radii and shadows of pages come from the tokens' scales, pages style nothing with raw colours, every page opens with the shared PageHeader, and a button outside the shared
// components is one of the few special controls named here (tabs, grips, disclosures, the calendar's compact
// controls), never a page's own primary, secondary or danger button.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = join(import.meta.dirname, '..', 'web', 'src');

function filesUnder(dir: string, ending: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, ending);
    return path.endsWith(ending) ? [path] : [];
  });
}

const relative = (path: string) => path.slice(WEB.length + 1);

/** Classes of the special controls that are not shared buttons (each with its own page's reason). */
const SPECIAL_BUTTONS = ['ac-open', 'disclosure', 'cal-grip', 'cal-new', 'cal-more'];

describe('the design system', () => {
  it('tokens.css gives every colour a light and a dark value', () => {
    const tokens = readFileSync(join(WEB, 'ui', 'tokens.css'), 'utf8');
    const [light, dark] = tokens.split('@media (prefers-color-scheme: dark)');
    const names = (text = '') =>
      new Set([...text.matchAll(/(--[a-z-]+):\s*(?:#|rgb|color-mix)/g)].map((m) => m[1]));
    expect(names(light).size).toBeGreaterThan(8);
    for (const name of ['--bg', '--surface', '--fg', '--muted', '--line', '--accent', '--warn', '--danger'])
      expect(names(dark), name).toContain(name);
  });

  it('pages and components use the tokens, never raw hex colours', () => {
    const css = [...filesUnder(join(WEB, 'pages'), '.css'), ...filesUnder(join(WEB, 'components'), '.css')];
    expect(css.length).toBeGreaterThan(5);
    const raw = css.flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(/#[0-9a-fA-F]{3,8}\b/g)].map(
        (m) => `${relative(path)}: ${m[0]}`,
      ),
    );
    expect(raw).toEqual([]);
  });

  it('tokens.css holds the spacing and type scales, radii, elevation and the focus ring', () => {
    const tokens = readFileSync(join(WEB, 'ui', 'tokens.css'), 'utf8');
    for (const scale of ['--space-', '--text-', '--radius-', '--shadow-'])
      expect(tokens.match(new RegExp(`${scale}[a-z0-9]+:`, 'g'))?.length, scale).toBeGreaterThanOrEqual(2);
    expect(tokens).toMatch(/--focus-ring:/);
  });

  it('pages and components take type sizes, radii and shadows from the tokens', () => {
    const css = [...filesUnder(join(WEB, 'pages'), '.css'), ...filesUnder(join(WEB, 'components'), '.css')];
    const raw = css.flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(/(font-size|border-radius|box-shadow):\s*([^;]+);/g)]
        // An inset shadow is a selection bar drawn in a token colour, not an elevation; 50 % is a circle.
        .filter(
          ([, , value = '']) =>
            !/^var\(--[a-z0-9-]+\)$/.test(value.trim()) && !value.startsWith('inset') && value !== '50%',
        )
        .map(([declaration]) => `${relative(path)}: ${declaration}`),
    );
    expect(raw).toEqual([]);
  });

  it('every page opens with the shared PageHeader', () => {
    const pages = filesUnder(join(WEB, 'pages'), 'page.tsx');
    expect(pages.length).toBeGreaterThanOrEqual(9);
    const without = pages.filter((path) => !readFileSync(path, 'utf8').includes('<PageHeader'));
    expect(without.map(relative)).toEqual([]);
  });

  it('a button outside web/src/ui is a tab or one of the named special controls', () => {
    const strays: string[] = [];
    for (const path of filesUnder(WEB, '.tsx').filter((p) => !p.includes(`${join(WEB, 'ui')}`))) {
      const text = readFileSync(path, 'utf8');
      for (const match of text.matchAll(/<button\b([^>]*)>/g)) {
        const attributes = match[1] ?? '';
        const classes = /className="([^"]*)"/.exec(attributes)?.[1]?.split(/\s+/) ?? [];
        if (attributes.includes('role="tab"')) continue;
        if (classes.some((c) => SPECIAL_BUTTONS.includes(c))) continue;
        strays.push(`${relative(path)}: <button${attributes.replace(/\s+/g, ' ').slice(0, 80)}>`);
      }
    }
    expect(strays).toEqual([]);
  });

  it('card and toolbar actions are icon buttons with a name, from the icon set', () => {
    const card = readFileSync(join(WEB, 'pages', 'drafts', 'thread-card.tsx'), 'utf8');
    expect(card).toContain("from 'lucide-react'");
    expect(card.match(/<IconButton/g)?.length).toBe(4);
    const button = readFileSync(join(WEB, 'ui', 'button.tsx'), 'utf8');
    expect(button).toMatch(/aria-label=\{label\}/);
  });
});
