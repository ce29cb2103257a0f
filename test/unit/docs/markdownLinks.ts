/**
 * Reads the relative links of Markdown files and checks that each reaches an existing file and,
 * for a link into a Markdown file, an existing heading (the anchor GitHub gives it). Pure but for
 * reading the files named; used by links.test.ts.
 */
import * as fs from 'fs';
import * as path from 'path';

/** One link as written: where it is and what it points at. */
export interface MarkdownLink {
  readonly line: number;
  readonly target: string;
}

/** The text with fenced code blocks blanked (line count kept) and, unless kept, inline code spans removed. */
function withoutCode(text: string, keepInlineCode = false): string {
  const lines = text.split('\n');
  let fence: string | undefined;
  return lines
    .map((line) => {
      const opener = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence !== undefined) {
        if (opener !== undefined && opener[0] === fence[0] && opener.length >= fence.length) fence = undefined;
        return '';
      }
      if (opener !== undefined) {
        fence = opener;
        return '';
      }
      return keepInlineCode ? line : line.replace(/(`+)[^`]*?\1/g, '');
    })
    .join('\n');
}

/** Every inline link and image of the text, `[text](target)` or `![alt](target "title")`. */
export function linksOf(text: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  withoutCode(text)
    .split('\n')
    .forEach((line, i) => {
      for (const m of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
        links.push({ line: i + 1, target: m[1] ?? '' });
    });
  return links;
}

/** The anchor GitHub gives a heading's text: inline markup dropped, lowercased, punctuation removed, spaces to hyphens. */
export function slugOf(heading: string): string {
  const plain = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase();
  return plain.replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** The anchors of a Markdown text's headings, repeats numbered as GitHub numbers them (`-1`, `-2`, …). */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutCode(text, true).split('\n')) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = slugOf(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Whether a target leaves the repository (a URL with a scheme, or protocol-relative). */
function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}

/**
 * What is wrong with each relative link of one Markdown file: a target that does not exist, or an
 * anchor that no heading of the Markdown file it points into has. Empty when all is well.
 */
export function brokenLinks(
  file: string,
  readText: (file: string) => string = (f) => fs.readFileSync(f, 'utf8'),
): string[] {
  const problems: string[] = [];
  const text = readText(file);
  for (const { line, target } of linksOf(text)) {
    if (isExternal(target)) continue;
    const hash = target.indexOf('#');
    const rawPath = hash === -1 ? target : target.slice(0, hash);
    const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
    const resolved = rawPath === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(rawPath));
    const where = `${file}:${line} → ${target}`;
    if (!fs.existsSync(resolved)) {
      problems.push(`${where}: no such file`);
      continue;
    }
    if (anchor === undefined || anchor === '' || !resolved.endsWith('.md') || !fs.statSync(resolved).isFile()) continue;
    if (!anchorsOf(resolved === file ? text : readText(resolved)).has(anchor))
      problems.push(`${where}: no heading with that anchor`);
  }
  return problems;
}

/** The Markdown files under a folder, recursively, as absolute paths. */
export function markdownFilesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join(dir, f))
    .sort();
}
