/** The hover's settings; the id pattern comes from the user's settings only, never a workspace's. */
import * as vscode from 'vscode';
import type { Logger } from '../common/log';
import type { CompiledIdPattern, IdMatch } from './idPattern';
import { compileIdPattern, searchIdAt } from './idPattern';
import { RETRY_BOUND_MS, TIME_BOUND_MS } from './timeBound';
import { namesDocument } from './missScope';
import { inspectSetting, readSetting } from '../common/settings';

const SECTION = 'exchangeTx.hover';
const ID_PATTERN = 'idPattern';

export class IdPatternSetting implements vscode.Disposable {
  private compiled: CompiledIdPattern | undefined;
  /** Log lines already written, by kind and text: each is told once. */
  private readonly told = new Set<string>();
  private readonly subscription: vscode.Disposable;

  constructor(private readonly log: Logger) {
    this.subscription = vscode.workspace.onDidChangeConfiguration((event) => {
      // Compiled again at the next use, once: not on every hover, and not for other settings.
      if (event.affectsConfiguration(`${SECTION}.${ID_PATTERN}`)) this.compiled = undefined;
    });
  }

  /** The pattern ids are recognized by, as the user's setting says now. */
  current(): CompiledIdPattern {
    this.compiled ??= this.compile();
    return this.compiled;
  }

  /** The id under the cursor by the current pattern; a search stopped by the time bound is logged once per pattern. */
  find(line: string, character: number): IdMatch | undefined {
    const pattern = this.current();
    const search = searchIdAt(line, character, pattern);
    if (search.timedOut) {
      this.once(
        'warn',
        `timeout:${pattern.source}`,
        `the setting ${SECTION}.${ID_PATTERN} ${JSON.stringify(pattern.source)} took more than ${TIME_BOUND_MS} ms on a line, and more than ${RETRY_BOUND_MS} ms when tried again, and was stopped; no id was found there`,
      );
    }
    return search.match;
  }

  dispose(): void {
    this.subscription.dispose();
  }

  private compile(): CompiledIdPattern {
    const inspected = vscode.workspace.getConfiguration(SECTION).inspect<unknown>(ID_PATTERN);
    // The user's value if it is a string (anything else is said in the log by the reader).
    const user = inspectSetting('exchangeTx.hover.idPattern');
    const text = user.source === 'global' ? user.value : undefined;
    const compiled = compileIdPattern(text);
    if (compiled.error !== undefined && text !== undefined) {
      this.once(
        'warn',
        `unusable:${text}`,
        `the setting ${SECTION}.${ID_PATTERN} ${JSON.stringify(text)} is not usable (${compiled.error}); using the default pattern`,
      );
    }
    for (const value of [inspected?.workspaceValue, inspected?.workspaceFolderValue]) {
      if (value !== undefined) {
        this.once(
          'info',
          `ignored:${JSON.stringify(value)}`,
          `the workspace's ${SECTION}.${ID_PATTERN} ${JSON.stringify(value)} is ignored: only the user setting is used`,
        );
      }
    }
    return compiled;
  }

  private once(level: 'warn' | 'info', key: string, message: string): void {
    if (this.told.has(key)) return;
    this.told.add(key);
    this.log[level](message);
  }
}

/** Whether this document's hover also answers a miss (`exchangeTx.hover.answerMissesIn`). */
export function answersMissesIn(document: vscode.TextDocument): boolean {
  return namesDocument(
    readSetting('exchangeTx.hover.answerMissesIn', document),
    document.languageId,
    document.uri.path,
  );
}

export function hoverEnabledFor(document: vscode.TextDocument): boolean {
  if (!readSetting('exchangeTx.hover.enabled', document)) return false;
  const languages = readSetting('exchangeTx.hover.languages', document);
  return languages.length === 0 || languages.includes(document.languageId);
}
