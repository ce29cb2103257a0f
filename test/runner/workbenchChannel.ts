// What the tests may ask of the workbench page the server host drives, through files: the
// extension host (where the tests run) cannot see the page, the driver can. A test writes
// `<n>.request` (JSON, below) into the channel's folder and waits for `<n>.done`, which holds
// the answer (JSON). Requests are answered one at a time, in the order they arrive.
//
// - { "kind": "screenshot", "name": "screenshots/hover", "clip": [".monaco-hover"], "hover": "…" }
//   captures the page (or the box around every element matching the `clip` selectors, with a
//   margin, cut to `maxWidth` × `maxHeight` from its top left) into media/<name>.png, after moving
//   the mouse over `hover` when given; `"scale": "device"` keeps the page's device pixels (2 per
//   CSS pixel while screenshots are saved: sharp pictures that stay readable where VS Code shows
//   them smaller), else one pixel per CSS pixel. Written only when the run was asked for
//   screenshots (EXCHANGE_TX_SCREENSHOTS=1); otherwise answered { "saved": false } at once.
// - { "kind": "query", "selector": "…", "attribute": "class" } answers the elements matching
//   `selector` that are visible: { "count": n, "texts": [...], "attributes": [...], "cut": [...],
//   "boxes": [{ "x", "y", "width", "height" }...] } (CSS pixels of the page),
//   `cut` saying of each whether its text is cut short: wider than its own box (an ellipsis),
//   taller than it where it hides what overflows (lines clamped), or reaching past the box of the
//   nearest ancestor that clips what overflows it.
// - { "kind": "click", "selector": "…" } clicks the first visible element matching `selector`, as
//   a user would (the workbench runs what it does: a command link, say).
// - { "kind": "timedInput", "input": "…", "text": "eth", "row": "…", "expect": "ETH" } puts `text` into
//   the first visible `input` as typing would (an input event), then answers { "ms": n }: the time,
//   measured in the page, until the first visible `row` holds `expect` (a quick pick filtered), or
//   { "ms": -1 } after 10 s ({ "ms": -2 }: no such input within 5 s). For `npm run bench`.
import * as fs from 'fs';
import * as path from 'path';
import type { Page } from 'playwright-core';
import { say } from './processes';
import { errorText } from '../../src/shared/errorText';

/** The variable that hands the channel's folder to the tests. */
export const WORKBENCH_CHANNEL_ENV = 'EXCHANGE_TX_WORKBENCH_DIR';

interface ScreenshotRequest {
  readonly kind: 'screenshot';
  readonly name: string;
  readonly clip?: readonly string[];
  readonly hover?: string;
  readonly margin?: number;
  /** The most CSS pixels of the clip kept, from its left and its top. */
  readonly maxWidth?: number;
  readonly maxHeight?: number;
  /** `device`: the page's device pixels (see SCREENSHOT_SCALE); `css` (the default): one per CSS pixel. */
  readonly scale?: 'css' | 'device';
  /** Waits until an element matching this selector is visible first (at most 5 s). */
  readonly waitFor?: string;
}

interface ClickRequest {
  readonly kind: 'click';
  readonly selector: string;
}

interface QueryRequest {
  readonly kind: 'query';
  readonly selector: string;
  readonly attribute?: string;
}

interface TimedInputRequest {
  readonly kind: 'timedInput';
  readonly input: string;
  readonly text: string;
  readonly row: string;
  readonly expect: string;
}

export type ChannelRequest = ScreenshotRequest | QueryRequest | ClickRequest | TimedInputRequest;

/** Device pixels per CSS pixel of the workbench page while screenshots are saved. */
export const SCREENSHOT_SCALE = 2;

/** Where a screenshot goes, below media/: one or two lowercase path segments, nothing else. */
const NAME = /^[a-z0-9-]+(\/[a-z0-9-]+)?$/;

export function parseRequest(text: string): ChannelRequest | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'the request is not JSON';
  }
  if (typeof value !== 'object' || value === null) return 'the request is not an object';
  const r = value as Record<string, unknown>;
  const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');
  if (r.kind === 'screenshot') {
    if (typeof r.name !== 'string' || !NAME.test(r.name))
      return 'a screenshot needs a name such as "screenshots/hover"';
    if (r.clip !== undefined && !strings(r.clip)) return 'clip is a list of selectors';
    if (r.hover !== undefined && typeof r.hover !== 'string') return 'hover is a selector';
    if (r.margin !== undefined && typeof r.margin !== 'number') return 'margin is a number';
    if (r.waitFor !== undefined && typeof r.waitFor !== 'string') return 'waitFor is a selector';
    for (const bound of ['maxWidth', 'maxHeight'] as const) {
      const v = r[bound];
      if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v) || v <= 0))
        return `${bound} is a positive whole number of pixels`;
    }
    if (r.scale !== undefined && r.scale !== 'css' && r.scale !== 'device') return 'scale is "css" or "device"';
    return r as unknown as ScreenshotRequest;
  }
  if (r.kind === 'query') {
    if (typeof r.selector !== 'string') return 'a query needs a selector';
    if (r.attribute !== undefined && typeof r.attribute !== 'string') return 'attribute is a name';
    return r as unknown as QueryRequest;
  }
  if (r.kind === 'click') {
    if (typeof r.selector !== 'string') return 'a click needs a selector';
    return r as unknown as ClickRequest;
  }
  if (r.kind === 'timedInput') {
    if (typeof r.input !== 'string' || typeof r.row !== 'string')
      return 'a timed input needs an input and a row selector';
    if (typeof r.text !== 'string' || typeof r.expect !== 'string')
      return 'a timed input needs a text and what the row then shows';
    return r as unknown as TimedInputRequest;
  }
  return 'unknown kind';
}

/** The visible elements matching `selector`, read in one step (the workbench redraws often). */
function visibleElements(
  page: Page,
  selector: string,
  attribute: string | undefined,
): Promise<{ text: string; attribute: string | null; box: Box; cut: boolean }[]> {
  return page.locator(selector).evaluateAll((elements, name) => {
    const clipper = (element: Element): Element | undefined => {
      for (let up = element.parentElement; up; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== 'visible') return up;
      return undefined;
    };
    const found = [];
    for (const element of elements) {
      const rect = element.getBoundingClientRect();
      if (rect.width <= 0 || rect.height <= 0 || element.checkVisibility?.({ visibilityProperty: true }) === false)
        continue;
      // Cut: wider than its own box (text-overflow), or past the box of what clips it (1 px of rounding allowed).
      const style = getComputedStyle(element);
      const wide = element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0;
      // Lines clamped (-webkit-line-clamp, a fixed height): more lines than the box shows.
      const tall =
        style.overflowY !== 'visible' && element.clientHeight > 0 && element.scrollHeight > element.clientHeight + 2;
      const own = wide || tall;
      const outer = clipper(element)?.getBoundingClientRect();
      // Wholly beside what clips it (a slide of a page moved aside): not shown at all, so not cut either.
      // (Below or above it, scrolled out of view, it still counts: a list's rows are found that way.)
      if (outer !== undefined && (rect.left >= outer.right || rect.right <= outer.left)) continue;
      const clipped = outer !== undefined && (rect.right > outer.right + 1 || rect.left < outer.left - 1);
      found.push({
        text: element.textContent ?? '',
        attribute: name ? element.getAttribute(name) : null,
        box: { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
        cut: own || clipped,
      });
    }
    return found;
  }, attribute);
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The box around every visible element matching the selectors, grown by `margin`, inside the page. */
async function clipOf(
  page: Page,
  selectors: readonly string[],
  margin: number,
  maxWidth = Infinity,
  maxHeight = Infinity,
): Promise<Box | undefined> {
  const boxes: Box[] = [];
  for (const selector of selectors) boxes.push(...(await visibleElements(page, selector, undefined)).map((e) => e.box));
  if (boxes.length === 0) return undefined;
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
  const left = Math.max(0, Math.min(...boxes.map((b) => b.x)) - margin);
  const top = Math.max(0, Math.min(...boxes.map((b) => b.y)) - margin);
  const right = Math.min(viewport.width, Math.max(...boxes.map((b) => b.x + b.width)) + margin);
  const bottom = Math.min(viewport.height, Math.max(...boxes.map((b) => b.y + b.height)) + margin);
  return {
    x: Math.floor(left),
    y: Math.floor(top),
    width: Math.min(maxWidth, Math.ceil(right - left)),
    height: Math.min(maxHeight, Math.ceil(bottom - top)),
  };
}

async function answer(page: Page, request: ChannelRequest, mediaDir: string, save: boolean): Promise<unknown> {
  if (request.kind === 'query') {
    const found = await visibleElements(page, request.selector, request.attribute);
    return {
      count: found.length,
      texts: found.map((f) => f.text),
      attributes: found.map((f) => f.attribute),
      cut: found.map((f) => f.cut),
      boxes: found.map((f) => f.box),
    };
  }
  if (request.kind === 'click') {
    await page.locator(`${request.selector} >> visible=true`).first().click({ timeout: 5000 });
    return { clicked: true };
  }
  if (request.kind === 'timedInput') {
    const ms = await page.evaluate(async ({ input, text, row, expect }) => {
      const visible = (selector: string) =>
        Array.from(document.querySelectorAll(selector)).find((e) => e.getBoundingClientRect().height > 0);
      // The input shown first (not timed: the question's showing is timed by the test).
      const waitFrom = performance.now();
      let box = visible(input);
      while (!(box instanceof HTMLInputElement) && performance.now() - waitFrom < 5_000) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        box = visible(input);
      }
      if (!(box instanceof HTMLInputElement)) return -2;
      const started = performance.now();
      box.value = text;
      box.dispatchEvent(new Event('input', { bubbles: true }));
      while (performance.now() - started < 10_000) {
        if ((visible(row)?.textContent ?? '').includes(expect)) return performance.now() - started;
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      return -1;
    }, request);
    return { ms };
  }
  if (!save) return { saved: false };
  if (request.hover) await page.locator(`${request.hover} >> visible=true`).first().hover({ timeout: 5000 });
  if (request.waitFor) await page.locator(`${request.waitFor} >> visible=true`).first().waitFor({ timeout: 5000 });
  const clip = request.clip
    ? await clipOf(page, request.clip, request.margin ?? 8, request.maxWidth, request.maxHeight)
    : undefined;
  if (request.clip && !clip) return { saved: false, error: `nothing visible matches ${request.clip.join(', ')}` };
  const file = path.join(mediaDir, `${request.name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, scale: request.scale ?? 'css', ...(clip ? { clip } : {}) });
  say(`screenshot media/${request.name}.png`);
  return { saved: true, width: clip?.width, height: clip?.height };
}

/**
 * Answers the tests' requests in `dir` until stopped. Screenshots go below `mediaDir` when
 * `save` is true.
 */
export function serveWorkbenchChannel(page: Page, dir: string, mediaDir: string, save: boolean): { stop(): void } {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    const request = fs
      .readdirSync(dir)
      .filter((file) => /^[a-z0-9-]+\.request$/.test(file))
      .sort()[0];
    if (!request) return;
    busy = true;
    const id = path.basename(request, '.request');
    const file = path.join(dir, request);
    const parsed = parseRequest(fs.readFileSync(file, 'utf8'));
    const answering =
      typeof parsed === 'string' ? Promise.resolve({ error: parsed }) : answer(page, parsed, mediaDir, save);
    void answering
      .catch((error: unknown) => ({ error: errorText(error) }))
      .then((result) => {
        fs.rmSync(file, { force: true });
        // Written aside and renamed, as the test writes its requests: the test reads `.done` as soon
        // as it exists, which must be never half-written.
        const pending = path.join(dir, `${id}.done.pending`);
        fs.writeFileSync(pending, JSON.stringify(result));
        fs.renameSync(pending, path.join(dir, `${id}.done`));
      })
      .finally(() => {
        busy = false;
      });
  }, 50);
  return { stop: () => clearInterval(timer) };
}
