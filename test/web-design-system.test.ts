// The dashboard keeps one design system (web/src/ui): colours are tokens with a light and a dark value, the
// type sizes, radii, shadows and spacing of pages come from the tokens' scales, pages style nothing with raw
// colours, every page opens with the shared PageHeader, and a button outside the shared components is one of
// the few special controls named here (tabs, grips, disclosures, the calendar's compact controls), never a
// page's own primary, secondary or danger button. Pages build from the shared Card, Badge and Toolbar
// instead of drawing their own panels, pills and rows of buttons.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseAst } from 'vite';
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

/** Page and component CSS, and the shell's stylesheet (which also places Draft Studio). */
const pageCss = () => [
  ...filesUnder(join(WEB, 'pages'), '.css'),
  ...filesUnder(join(WEB, 'components'), '.css'),
  join(WEB, 'styles.css'),
];

/** Each rule of a stylesheet (inside @media too): its selector and its declarations, comments left out. */
function rulesOf(path: string) {
  const text = readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  return [...text.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selector = '', body = '']) => ({
    selector: selector.trim(),
    declarations: new Map(
      body
        .split(';')
        .map((d) => d.split(':').map((part) => part.trim()))
        .filter((d): d is [string, string] => d.length === 2 && d[0] !== '')
        .map(([property, value]) => [property, value]),
    ),
  }));
}

const SPACING =
  /^(margin|padding|inset|scroll-margin|scroll-padding)(-[a-z-]+)?$|^(gap|row-gap|column-gap|top|right|bottom|left)$/;

/** Lengths that are geometry, not spacing: `file selector { property: value }`, each with its reason. */
const NOT_SPACING = [
  // The media grid copies the platform's hairline between pictures (a preview test measures it).
  'styles.css .grid { gap: 2px }',
  // The thread line is centred under the 40 px avatar: the card's border and padding plus half the picture.
  'styles.css .connector { margin-left: 31px }',
];

/** Elements whose children may be buttons without a Toolbar: a fieldset is already the named group of its toggles. */
const OWN_GROUPS = ['fieldset'];

// biome-ignore lint/suspicious/noExplicitAny: an ESTree node of any type
type JsxNode = { type: string; [key: string]: any };

/** The elements a JSX child puts in its parent's row: itself, or either branch of a condition. */
function rowItems(node: JsxNode): JsxNode[] {
  switch (node.type) {
    case 'JSXElement':
      return [node];
    case 'JSXExpressionContainer':
      return rowItems(node.expression);
    case 'ConditionalExpression':
      return [...rowItems(node.consequent), ...rowItems(node.alternate)];
    case 'LogicalExpression':
      return rowItems(node.right);
    case 'JSXFragment':
      return node.children.flatMap(rowItems);
    default:
      return [];
  }
}

const tagOf = (element: JsxNode): string => element.openingElement?.name?.name ?? '';

/** A shared button, or a dialog's Close/Action wrapping one (`asChild`). */
function isButton(element: JsxNode): boolean {
  if (tagOf(element) === 'Button' || tagOf(element) === 'IconButton') return true;
  const asChild = element.openingElement.attributes.some((a: JsxNode) => a.name?.name === 'asChild');
  return asChild && element.children.flatMap(rowItems).some(isButton);
}

function walk(node: unknown, visit: (node: JsxNode) => void) {
  if (Array.isArray(node)) for (const child of node) walk(child, visit);
  else if (node && typeof node === 'object') {
    if (typeof (node as JsxNode).type === 'string') visit(node as JsxNode);
    for (const value of Object.values(node)) walk(value, visit);
  }
}

/** The page folders (pages/<name>/) whose files use a component. */
const pagesUsing = (component: string) =>
  readdirSync(join(WEB, 'pages')).filter((page) => {
    const dir = join(WEB, 'pages', page);
    return (
      statSync(dir).isDirectory() &&
      filesUnder(dir, '.tsx').some((path) => new RegExp(`<${component}\\b`).test(readFileSync(path, 'utf8')))
    );
  });

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
    const raw = pageCss().flatMap((path) =>
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

  it('spacing in page and component CSS comes from the --space-* scale', () => {
    expect(pageCss().flatMap(rulesOf).length, 'rules read').toBeGreaterThan(200);
    const raw = pageCss().flatMap((path) =>
      rulesOf(path).flatMap(({ selector, declarations }) =>
        [...declarations]
          .filter(([property, value]) => SPACING.test(property) && /\d(px|r?em)\b/.test(value))
          .map(([property, value]) => `${relative(path)} ${selector} { ${property}: ${value} }`)
          .filter((found) => !NOT_SPACING.includes(found)),
      ),
    );
    expect(raw).toEqual([]);
  });

  it('pages draw no panel of their own (a bordered, rounded, padded box): that is the shared Card', () => {
    const panels = pageCss().flatMap((path) =>
      rulesOf(path)
        .filter(({ selector, declarations }) => {
          const border = declarations.get('border') ?? 'none';
          const radius = declarations.get('border-radius') ?? '';
          const padding = declarations.get('padding') ?? '0';
          // A form control is rounded and bordered too; it is a field, not a panel.
          const control = /(input|textarea|select|button)[^\s>+~]*$/.test(selector);
          return (
            !control &&
            !/^(none|0)\b/.test(border) &&
            /--radius-(md|lg)|\b([89]|\d{2,})px/.test(radius) &&
            !/^0\b/.test(padding)
          );
        })
        .map(({ selector }) => `${relative(path)} ${selector}`),
    );
    expect(panels).toEqual([]);
  });

  it('pages draw no pill or badge of their own: that is the shared Badge', () => {
    const pills = pageCss().flatMap((path) =>
      rulesOf(path)
        .filter(
          ({ selector, declarations }) =>
            /--radius-pill|\b999px/.test(declarations.get('border-radius') ?? '') ||
            /\.(badge|pill|count)\b/.test(selector),
        )
        .map(({ selector }) => `${relative(path)} ${selector}`),
    );
    expect(pills).toEqual([]);
  });

  it('a row of two or more buttons in a page is the shared Toolbar', () => {
    const rows: string[] = [];
    let toolbars = 0;
    const tsx = [...filesUnder(join(WEB, 'pages'), '.tsx'), ...filesUnder(join(WEB, 'components'), '.tsx')];
    for (const path of tsx) {
      const text = readFileSync(path, 'utf8');
      walk(parseAst(text, { lang: 'tsx' }), (node) => {
        if (node.type !== 'JSXElement') return;
        if (tagOf(node) === 'Toolbar') toolbars++;
        if (tagOf(node) === 'Toolbar' || OWN_GROUPS.includes(tagOf(node))) return;
        if (node.children.flatMap(rowItems).filter(isButton).length < 2) return;
        const line = text.slice(0, node.start).split('\n').length;
        rows.push(`${relative(path)}:${line} <${tagOf(node)}>`);
      });
    }
    expect(rows).toEqual([]);
    // The walk saw the pages' JSX: the Toolbars it passed over are there.
    expect(toolbars).toBeGreaterThan(10);
  });

  it('Toolbar, Card and Badge are each used by several pages', () => {
    for (const component of ['Toolbar', 'Card', 'Badge'])
      expect(pagesUsing(component).length, component).toBeGreaterThanOrEqual(4);
  });
});
