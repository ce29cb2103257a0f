/** The one way to read `exchangeTx.*` settings: a wrong value becomes the default, warned once. */
import * as vscode from 'vscode';
import type { Logger } from './log';
import { DEFAULT_BASE_URL } from '../../shared/connectionNames';
import { checkSetting, SETTING_RULES } from '../../shared/settingValues';
import type { CheckedSetting, SettingKey, SettingValue } from '../../shared/settingValues';

let log: Logger | undefined;
/** The warnings written since the setting last changed: key → its lines. */
const told = new Map<SettingKey, Set<string>>();

/** Where the warnings go (a `[settings]`-tagged logger); undone when the disposable is. */
export function watchSettings(logger: Logger): vscode.Disposable {
  log = logger;
  told.clear();
  const subscription = vscode.workspace.onDidChangeConfiguration((event) => {
    for (const key of Object.keys(SETTING_RULES) as SettingKey[]) if (event.affectsConfiguration(key)) told.delete(key);
  });
  return {
    dispose: () => {
      subscription.dispose();
      if (log === logger) log = undefined;
      told.clear();
    },
  };
}

/** The setting as it applies (for `scope`: a document, for language- and folder-specific values), with where it came from. */
export function inspectSetting<K extends SettingKey>(
  key: K,
  scope?: vscode.ConfigurationScope,
): CheckedSetting<SettingValue<K>> {
  const dot = key.indexOf('.');
  const inspected = vscode.workspace.getConfiguration(key.slice(0, dot), scope).inspect<unknown>(key.slice(dot + 1));
  const checked = checkSetting(key, inspected);
  if (checked.problem !== undefined) tell(key, `${key}: ${checked.problem}`);
  return checked;
}

/** The value of the setting that applies; a wrong one is replaced by the default (and said once in the log). */
export function readSetting<K extends SettingKey>(key: K, scope?: vscode.ConfigurationScope): SettingValue<K> {
  return inspectSetting(key, scope).value;
}

function tell(key: SettingKey, line: string): void {
  if (!log) return;
  let lines = told.get(key);
  if (!lines) {
    lines = new Set();
    told.set(key, lines);
  }
  if (lines.has(line)) return;
  lines.add(line);
  log.warn(line);
}

/** `exchangeTx.baseUrl` as the user set it: the default address of a new account. */
export function legacyBaseUrl(): string {
  const value = readSetting('exchangeTx.baseUrl').trim();
  return value || DEFAULT_BASE_URL;
}

/** `exchangeTx.requestTimeoutSeconds` in ms (1–120 s; a wrong value gives the default, said in the log). */
export function requestTimeoutMs(): number {
  return readSetting('exchangeTx.requestTimeoutSeconds') * 1000;
}
