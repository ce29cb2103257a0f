/**
 * The hover's settings, read when needed so a change applies at once: `exchangeTx.hover.enabled`,
 * `exchangeTx.hover.languages` and `exchangeTx.hover.idPattern` (compiled once per text; an
 * unusable pattern falls back to the default with one warning in the log).
 */
import * as vscode from 'vscode';
import type { Logger } from '../log';
import type { CompiledIdPattern } from './idPattern';
import { compileIdPattern, DEFAULT_ID_PATTERN } from './idPattern';

export class IdPatternSetting {
  private compiled: CompiledIdPattern | undefined;
  private compiledFrom: string | undefined;
  private readonly warned = new Set<string>();

  constructor(private readonly log: Logger) {}

  /** The pattern ids are recognized by, as the setting says now. */
  current(scope?: vscode.ConfigurationScope): CompiledIdPattern {
    const text = vscode.workspace.getConfiguration('exchangeTx.hover', scope).get<string>('idPattern') ?? DEFAULT_ID_PATTERN;
    if (this.compiled && this.compiledFrom === text) return this.compiled;
    const compiled = compileIdPattern(text);
    if (compiled.error !== undefined && !this.warned.has(text)) {
      this.warned.add(text);
      this.log.warn(`the setting exchangeTx.hover.idPattern ${JSON.stringify(text)} is not usable (${compiled.error}); using the default pattern`);
    }
    this.compiled = compiled;
    this.compiledFrom = text;
    return compiled;
  }
}

/** Whether hovers are on for documents of this language. */
export function hoverEnabledFor(document: vscode.TextDocument): boolean {
  const config = vscode.workspace.getConfiguration('exchangeTx.hover', document);
  if (!config.get<boolean>('enabled', true)) return false;
  const languages = config.get<readonly string[]>('languages', []);
  return !Array.isArray(languages) || languages.length === 0 || languages.includes(document.languageId);
}
