// The layout rules every dashboard screen keeps at every width, run inside the page in one evaluate that
// answers human-readable failures (what, where, the boxes). Plain JavaScript in a string: a function passed to
// page.evaluate would carry the test runner's transpiler helpers into the page.
//
// The rules:
// - Interactive elements (a, button, input, select, textarea, [role=button], [role=tab], [tabindex]) never
//   overlap one another (intersection > 1 px² after rounding), compared by what is visible of them: each box
//   cut by the ancestors that clip overflow. An element and its own ancestors or descendants are not compared,
//   nor anything inside a declared overlay: [role=dialog], [role=alertdialog], and an element marked
//   [data-overlay] while it is taken out of the flow (position fixed or absolute, e.g. the inspector as a drawer
//   on a phone).
// - Nothing overflows horizontally: the document is no wider than the window, and no visible box (as clipped
//   by its scrolling ancestors) reaches beyond the window's left or right edge.
// - No button, tab, label or link clips its text (scrollWidth > clientWidth + 1 with overflow other than
//   visible), unless it declares the truncation: a title attribute carrying the full text. Nor is a button,
//   tab or label squeezed to one word per line (three lines or more, no more words than lines).
// - A list whose items sit side by side has its markers inside them (an outside marker lands in the gap after
//   the item before and the steps read as one run).
// - Draft Studio (`studio`): the thread cards, the post text and the preview never intersect.
export const LAYOUT_CHECKS = String.raw`(({ studio }) => {
  const failures = [];
  const vw = window.innerWidth;
  const round = (r) => ({
    left: Math.round(r.left),
    top: Math.round(r.top),
    right: Math.round(r.right),
    bottom: Math.round(r.bottom),
  });
  const box = (r) => '[' + r.left + ',' + r.top + ' → ' + r.right + ',' + r.bottom + ']';
  const area = (a, b) =>
    Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
    Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  const intersect = (a, b) => ({
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  });
  const empty = (r) => r.right - r.left < 1 || r.bottom - r.top < 1;
  const text = (el) => (el.innerText ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
  /** A short selector-ish name: the element, its label or text, and its nearest named ancestors. */
  const describe = (el) => {
    const one = (e) => {
      let s = e.tagName.toLowerCase();
      if (e.id) s += '#' + e.id;
      else if (typeof e.className === 'string' && e.className.trim())
        s += '.' + e.className.trim().split(/\s+/).slice(0, 2).join('.');
      const role = e.getAttribute('role');
      if (role) s += '[role=' + role + ']';
      const label = e.getAttribute('aria-label');
      if (label) s += '[aria-label="' + label.slice(0, 40) + '"]';
      return s;
    };
    const path = [];
    for (let e = el.parentElement; e && e !== document.body && path.length < 3; e = e.parentElement)
      if (e.id || e.getAttribute('aria-label') || e.getAttribute('role') || /^(MAIN|SECTION|ASIDE|NAV|HEADER|FORM|LI|FIELDSET)$/.test(e.tagName))
        path.unshift(one(e));
    const words = text(el).slice(0, 40);
    return [...path, one(el)].join(' > ') + (words ? ' "' + words + '"' : '');
  };
  const styles = new Map();
  const style = (el) => {
    let s = styles.get(el);
    if (!s) styles.set(el, (s = getComputedStyle(el)));
    return s;
  };
  const clips = (s) => s.overflowX !== 'visible' || s.overflowY !== 'visible';
  const outOfFlow = (el) => ['fixed', 'absolute'].includes(style(el).position);
  const overlayOf = (el) =>
    el.closest('[role=dialog], [role=alertdialog]') ??
    [...document.querySelectorAll('[data-overlay]')].find((o) => o.contains(el) && outOfFlow(o));
  const ALL = { left: -1e9, top: -1e9, right: 1e9, bottom: 1e9 };
  const clipsOf = new Map();
  /** Where the descendants of an element can be seen: its own overflow clip cut by its ancestors' (a fixed
   * element escapes the clips above it). */
  const clipFor = (a) => {
    if (!a || a === document.documentElement || a === document.body) return ALL;
    let clip = clipsOf.get(a);
    if (clip) return clip;
    const s = style(a);
    clip = s.position === 'fixed' ? ALL : clipFor(a.parentElement);
    if (clips(s)) {
      const ar = a.getBoundingClientRect();
      clip = intersect(clip, {
        left: s.overflowX === 'visible' ? -1e9 : ar.left + a.clientLeft,
        top: s.overflowY === 'visible' ? -1e9 : ar.top + a.clientTop,
        right: s.overflowX === 'visible' ? 1e9 : ar.left + a.clientLeft + a.clientWidth,
        bottom: s.overflowY === 'visible' ? 1e9 : ar.top + a.clientTop + a.clientHeight,
      });
    }
    clipsOf.set(a, clip);
    return clip;
  };
  /** What is visible of a box: cut by every ancestor that clips overflow. */
  const visibleRect = (el, r) => (style(el).position === 'fixed' ? r : intersect(r, clipFor(el.parentElement)));
  const shown = (el) =>
    el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
    !el.closest('[aria-hidden=true][inert], [inert]');

  // 1. Interactive elements never overlap.
  const interactive = [
    ...document.querySelectorAll(
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], [tabindex]',
    ),
  ]
    .filter((el) => el !== document.body && shown(el) && !overlayOf(el))
    .map((el) => ({
      el,
      rects: [...el.getClientRects()]
        .map((r) => round(visibleRect(el, r)))
        .filter((r) => !empty(r)),
    }))
    .filter((item) => item.rects.length > 0);
  for (let i = 0; i < interactive.length; i++) {
    for (let j = i + 1; j < interactive.length; j++) {
      const a = interactive[i];
      const b = interactive[j];
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      // A label's own control (input inside the label) is the same target.
      for (const ra of a.rects) {
        const hit = b.rects.find((rb) => area(ra, rb) > 1);
        if (hit) {
          failures.push({ rule: 'overlap', what: describe(a.el) + ' and ' + describe(b.el), where: box(ra) + ' ' + box(hit) });
          break;
        }
      }
    }
  }

  // 2. Nothing overflows horizontally.
  const doc = document.documentElement;
  if (doc.scrollWidth > vw)
    failures.push({ rule: 'page wider than the window', what: 'document', where: 'scrollWidth ' + doc.scrollWidth + ' > ' + vw });
  const reported = [];
  for (const el of document.body.querySelectorAll('*')) {
    // The outermost box beyond the window speaks for what it holds, and for its siblings.
    if (reported.some((r) => r.contains(el) || r.parentElement === el.parentElement)) continue;
    if (!shown(el)) continue;
    const raw = el.getBoundingClientRect();
    if (raw.width * raw.height <= 1) continue;
    const r = round(visibleRect(el, raw));
    if (empty(r)) continue;
    if (r.right > vw + 1 || r.left < -1) {
      reported.push(el);
      if (reported.length <= 5)
        failures.push({ rule: 'beyond the window', what: describe(el), where: box(r) + ' in ' + vw + ' px' });
    }
  }
  if (reported.length > 5)
    failures.push({ rule: 'beyond the window', what: (reported.length - 5) + ' more boxes', where: 'in ' + vw + ' px' });

  // 3. No button, tab, label or link clips its text unless it says so with a title.
  for (const el of document.querySelectorAll('button, [role=tab], [role=button], label, a[href]')) {
    if (!shown(el) || overlayOf(el)) continue;
    const s = style(el);
    const words = text(el);
    if (!words) continue;
    const cut = (clips(s) || s.textOverflow === 'ellipsis') &&
      (el.scrollWidth > el.clientWidth + 1 || (s.overflowY !== 'visible' && el.scrollHeight > el.clientHeight + 1));
    if (cut && !(el.title && el.title.replace(/\s+/g, ' ').trim().includes(words.replace(/…$/, ''))))
      failures.push({
        rule: 'clipped text',
        what: describe(el),
        where: 'shows ' + el.clientWidth + '×' + el.clientHeight + ' of ' + el.scrollWidth + '×' + el.scrollHeight,
      });
    if (el.matches('a[href]')) continue;
    // One word per line: the label has no room at all.
    // Lines of its text only (an input or a block inside the label is not a line of text).
    const lines = new Set();
    const mids = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent || !node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.width > 0) mids.push(r.top + r.height / 2);
    }
    // Text of one line may mix fonts (a bold name, a muted count): mids within 4 px are one line.
    mids.sort((a, b) => a - b);
    mids.forEach((mid, i) => {
      if (i === 0 || mid - mids[i - 1] > 4) lines.add(mid);
    });
    const count = words.split(' ').length;
    if (lines.size >= 3 && count <= lines.size)
      failures.push({ rule: 'one word per line', what: describe(el), where: lines.size + ' lines' });
  }

  // 3b. A list laid out in a row keeps its markers inside its items: an outside marker sits in the gap
  // after the item before it and reads as one run ("…and LLM2. Connect").
  for (const li of document.querySelectorAll('li')) {
    const prev = li.previousElementSibling;
    if (!prev || !shown(li) || !shown(prev)) continue;
    const s = style(li);
    if (s.display !== 'list-item' || s.listStyleType === 'none' || s.listStylePosition !== 'outside') continue;
    const a = prev.getBoundingClientRect();
    const b = li.getBoundingClientRect();
    if (Math.abs(a.top - b.top) < 2 && b.left - a.right < parseFloat(s.fontSize) * 2)
      failures.push({ rule: 'list marker in the gap before it', what: describe(li), where: box(round(b)) });
  }

  // 4. Draft Studio: the cards and the post text never meet the preview.
  if (studio) {
    const preview = document.querySelector('section[aria-label=Preview]');
    if (!preview) failures.push({ rule: 'no preview in Draft Studio', what: 'section[aria-label=Preview]', where: '' });
    else {
      const p = round(preview.getBoundingClientRect());
      const writers = [
        ...document.querySelectorAll('ol[aria-label="Thread cards"] > li, ol[aria-label="Thread cards"] textarea, #post-text'),
      ];
      const meeting = writers.filter((el) => area(round(el.getBoundingClientRect()), p) > 1);
      const first = meeting[0];
      if (first)
        failures.push({
          rule: 'editor meets the preview',
          what: describe(first) + (meeting.length > 1 ? ' (and ' + (meeting.length - 1) + ' more of the ' + writers.length + ' cards, text areas and post text)' : ''),
          where: box(round(first.getBoundingClientRect())) + ' and preview ' + box(p),
        });
    }
  }
  return failures;
})`;

/** One broken rule: which, on what (a selector-ish path and text), and where (the boxes, in CSS px). */
export interface LayoutFailure {
  rule: string;
  what: string;
  where: string;
}

/** The expression page.evaluate runs (answering LayoutFailure[]): the rules applied to the page as it is now. */
export const layoutChecks = (options: { studio?: boolean } = {}) =>
  `${LAYOUT_CHECKS}(${JSON.stringify({ studio: options.studio ?? false })})`;
