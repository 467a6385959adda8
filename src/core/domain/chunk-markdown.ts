// Markdown cut into fragments at its headings (`#` to `######`), for retrieval: each fragment carries the
// path of headings it sits under (`# Title/## Section`). Lines inside fenced code blocks are never
// headings; text before the first heading is a fragment with an empty path; blank fragments are dropped.
import { textLines } from './text-lines.js';

export interface Fragment {
  headingPath: string;
  text: string;
  index: number;
}

const HEADING = /^(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;

export function chunkMarkdown(body: string): Fragment[] {
  const fragments: Array<{ headingPath: string; lines: string[] }> = [{ headingPath: '', lines: [] }];
  const stack: Array<{ level: number; text: string }> = [];
  let fence: string | undefined;
  for (const line of textLines(body)) {
    const fenceMark = FENCE.exec(line)?.[1];
    if (fenceMark) {
      if (!fence) fence = fenceMark[0] ?? '`';
      else if (fenceMark[0] === fence) fence = undefined;
    } else if (!fence) {
      const heading = HEADING.exec(line);
      if (heading) {
        const level = heading[1]?.length ?? 1;
        while (stack.length > 0 && (stack.at(-1)?.level ?? 0) >= level) stack.pop();
        stack.push({ level, text: `${heading[1]} ${heading[2]}` });
        fragments.push({ headingPath: stack.map((h) => h.text).join('/'), lines: [] });
        continue;
      }
    }
    fragments.at(-1)?.lines.push(line);
  }
  return fragments
    .map((f) => ({ headingPath: f.headingPath, text: f.lines.join('\n').trim() }))
    .filter((f) => f.text !== '')
    .map((f, index) => ({ ...f, index }));
}
