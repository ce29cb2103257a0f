/**
 * What the tests ask of the workbench page the server host drives (its screenshots, what it
 * shows), through the files of test/runner/workbenchChannel.ts. Only the server host has the
 * page: elsewhere `workbenchPage()` is false and the asking functions do nothing.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { eventually } from './eventually';

const CHANNEL_ENV = 'EXCHANGE_TX_WORKBENCH_DIR';

/** Whether the page of this workbench can be asked (the server host). */
export function workbenchPage(): boolean {
  return Boolean(process.env[CHANNEL_ENV]);
}

/** Whether this run saves screenshots (EXCHANGE_TX_SCREENSHOTS=1 in the server host). */
export function savingScreenshots(): boolean {
  return workbenchPage() && process.env.EXCHANGE_TX_SCREENSHOTS === '1';
}

let sequence = 0;

async function ask(request: object, timeoutMs = 20_000): Promise<Record<string, unknown>> {
  const dir = process.env[CHANNEL_ENV];
  if (!dir) throw new Error('no workbench page to ask (the server host has one)');
  // Zero-padded, so that the host answers in the order asked.
  const id = `r${String(++sequence).padStart(6, '0')}`;
  const pending = path.join(dir, `${id}.pending`);
  fs.writeFileSync(pending, JSON.stringify(request));
  fs.renameSync(pending, path.join(dir, `${id}.request`));
  const done = path.join(dir, `${id}.done`);
  await eventually(() => fs.existsSync(done), `the workbench's answer to ${JSON.stringify(request)}`, timeoutMs);
  const answer = JSON.parse(fs.readFileSync(done, 'utf8')) as Record<string, unknown>;
  fs.rmSync(done, { force: true });
  if (typeof answer.error === 'string') throw new Error(`the workbench page: ${answer.error}`);
  return answer;
}

export interface ShotOptions {
  /** CSS selectors of the workbench elements to show; the picture is the box around them all. */
  readonly clip?: readonly string[];
  /** A selector the mouse moves over first (a tooltip, a hover). */
  readonly hover?: string;
  /** Pixels around the clipped elements (default 8). */
  readonly margin?: number;
  /** The most CSS pixels of the clip kept, from its left and its top: what a step is about. */
  readonly maxWidth?: number;
  readonly maxHeight?: number;
  /** `device`: two pixels per CSS pixel (the walkthrough's pictures, shown smaller); `css` (default): one. */
  readonly scale?: 'css' | 'device';
  /** A selector to wait for (visible) before taking the picture: what the workbench shows late. */
  readonly waitFor?: string;
}

/**
 * A screenshot of the workbench as it is now into media/<name>.png (e.g. "screenshots/hover"),
 * when the run was asked for them (EXCHANGE_TX_SCREENSHOTS=1 in the server host); otherwise
 * nothing.
 */
export async function screenshotOf(name: string, options: ShotOptions = {}): Promise<void> {
  if (!savingScreenshots()) return;
  await ask({ kind: 'screenshot', name, ...options });
}

export interface Found {
  readonly count: number;
  readonly texts: string[];
  readonly attributes: (string | null)[];
  /** Of each element, whether its text is cut short (an ellipsis, or clipped by its container). */
  readonly cut: boolean[];
  /** Of each element, where it is in the page (CSS pixels). */
  readonly boxes: { readonly x: number; readonly y: number; readonly width: number; readonly height: number }[];
}

/** The visible elements of the workbench page matching `selector`, with their text, `attribute`, and whether the text is cut. */
export async function findInWorkbench(selector: string, attribute?: string): Promise<Found> {
  const answer = await ask({ kind: 'query', selector, ...(attribute ? { attribute } : {}) });
  return {
    count: Number(answer.count),
    texts: answer.texts as string[],
    attributes: answer.attributes as (string | null)[],
    cut: answer.cut as boolean[],
    boxes: (answer.boxes as Found['boxes'] | undefined) ?? [],
  };
}

/**
 * Puts `text` into the first visible `input` as typing would, and gives the time (measured in the
 * page) until the first visible `row` holds `expect`; -1 when it never did within 10 s.
 */
export async function timedInput(input: string, text: string, row: string, expect: string): Promise<number> {
  const answer = await ask({ kind: 'timedInput', input, text, row, expect });
  return Number(answer.ms);
}

/** Clicks the first visible element matching `selector` in the workbench page, as a user would. */
export async function clickInWorkbench(selector: string): Promise<void> {
  await ask({ kind: 'click', selector });
}

export type Theme = 'dark' | 'light';
const THEMES: Record<Theme, { name: string; kind: vscode.ColorThemeKind }> = {
  dark: { name: 'Default Dark Modern', kind: vscode.ColorThemeKind.Dark },
  light: { name: 'Default Light Modern', kind: vscode.ColorThemeKind.Light },
};

/** Switches the workbench to the dark or light default theme (undefined: back to the default). */
export async function useTheme(theme: Theme | undefined): Promise<void> {
  await vscode.workspace
    .getConfiguration('workbench')
    .update('colorTheme', theme && THEMES[theme].name, vscode.ConfigurationTarget.Global);
  if (!theme) return;
  await eventually(() => vscode.window.activeColorTheme.kind === THEMES[theme].kind, `the ${theme} theme`);
  // The page repaints after telling the extension host.
  await new Promise((resolve) => setTimeout(resolve, 300));
}
