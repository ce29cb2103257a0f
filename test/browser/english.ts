/**
 * The extension's English words without a running VS Code: each message looked up in the exported
 * bundle (l10n/bundle.l10n.json, which `npm run l10n` keeps in step with src/), `{0}`… filled the
 * way `vscode.l10n.t` fills them (a placeholder without an argument stays as it is). A message
 * missing from the bundle is an error, so the words the page gets are the ones that ship.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { Localizer } from '../../src/features/pairLimits/pageStrings';
import { pageStrings } from '../../src/features/pairLimits/pageStrings';
import type { UiStrings } from '../../src/shared/pairLimitsStrings';

/** The repository root (this file runs from out/test/browser/). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

let bundle: Readonly<Record<string, unknown>> | undefined;

export function english(message: string, ...args: readonly (string | number)[]): string {
  bundle ??= JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'l10n', 'bundle.l10n.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const text = bundle[message];
  if (typeof text !== 'string') throw new Error(`not in l10n/bundle.l10n.json: ${JSON.stringify(message)}`);
  return text.replace(/\{(\d+)\}/g, (placeholder, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? placeholder : String(value);
  });
}

/** `vscode.l10n` as far as the page's words need it. */
export const englishL10n: Localizer = {
  t: (message: unknown, ...args: unknown[]): string => {
    if (typeof message !== 'string') throw new Error('only plain messages are used by the page');
    return english(message, ...args.map((a) => (typeof a === 'number' ? a : String(a))));
  },
};

/** The page's words, as the panel sends them in `init` with an English UI. */
export function englishPageStrings(): UiStrings {
  return pageStrings(englishL10n);
}
