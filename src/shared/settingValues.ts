/**
 * The `exchangeTx.*` settings the extension reads, each rule written once here (its words once in
 * settingTexts.ts, which only the generator loads), and the check of a raw value against its rule. `npm run generate` writes the manifest's `contributes.configuration`,
 * `restrictedConfigurations`, their `package.nls.json` texts and the README's settings table from
 * this table (`npm run check` fails when they are stale). The manifest only guides the Settings
 * editor: a `settings.json` (a workspace's too) can hold any JSON value, and
 * `getConfiguration().get()` hands it over as it is. A value that breaks its rule is replaced by
 * the default, with the reason.
 *
 * Pure: no `vscode` import. The reader in `src/features/common/settings.ts` asks VS Code for the values of
 * each scope (`inspect()`), picks the one that applies with `effectiveValue`, checks it with
 * `checkSetting` and logs what was wrong.
 */
import { DEFAULT_JOURNAL_SIZE, MAX_JOURNAL_SIZE } from './requestJournal';
import { KNOWN_STATUSES } from './status';

interface RuleBase {
  /**
   * Only the user's own value counts (`"scope": "application"` in the manifest): what decides where
   * a request goes, or what runs on every hover, is nothing an opened workspace may choose.
   */
  readonly userOnly?: true;
}

export interface NumberRule extends RuleBase {
  readonly kind: 'number';
  readonly min: number;
  readonly max: number;
  /** The manifest's `"type": "integer"`. */
  readonly integer?: true;
  readonly default: number;
}

export interface BooleanRule extends RuleBase {
  readonly kind: 'boolean';
  readonly default: boolean;
}

export interface StringRule extends RuleBase {
  readonly kind: 'string';
  /** The manifest's `pattern` (a JavaScript regular expression's source). */
  readonly pattern?: string;
  readonly default: string;
}

export interface EnumRule extends RuleBase {
  readonly kind: 'enum';
  readonly values: readonly string[];
  readonly default: string;
}

export interface StringArrayRule extends RuleBase {
  readonly kind: 'stringArray';
  readonly default: readonly string[];
  /** The only strings allowed, when the list is of known words. */
  readonly values?: readonly string[];
}

export type SettingRule = NumberRule | BooleanRule | StringRule | EnumRule | StringArrayRule;

/** Every `exchangeTx.*` setting the extension reads: its rule (the manifest's type, bounds, default and scope); its texts are in settingTexts.ts. */
export const SETTING_RULES = {
  'exchangeTx.baseUrl': {
    kind: 'string',
    pattern: '^https?://',
    default: 'https://api.changelly.com',
    userOnly: true,
  },
  'exchangeTx.requestTimeoutSeconds': {
    kind: 'number',
    min: 1,
    max: 120,
    default: 15,
  },
  'exchangeTx.watch.intervalSeconds': {
    kind: 'number',
    min: 2,
    max: 3600,
    default: 10,
  },
  'exchangeTx.hover.enabled': {
    kind: 'boolean',
    default: true,
  },
  'exchangeTx.hover.languages': {
    kind: 'stringArray',
    default: [],
  },
  'exchangeTx.hover.answerMissesIn': {
    kind: 'stringArray',
    default: ['log', '*.log', '*.exchange.json'],
  },
  'exchangeTx.hover.idPattern': {
    kind: 'string',
    default: '(?=[a-z0-9]*[a-z])(?=[a-z0-9]*[0-9])[a-z0-9]{8,32}',
    userOnly: true,
  },
  'exchangeTx.transactions.pageSize': {
    kind: 'number',
    integer: true,
    min: 1,
    max: 100,
    default: 50,
  },
  'exchangeTx.transactions.refreshSeconds': {
    kind: 'number',
    min: 0,
    max: 3600,
    default: 30,
  },
  'exchangeTx.sandbox.port': {
    kind: 'number',
    integer: true,
    min: 0,
    max: 65535,
    default: 0,
    userOnly: true,
  },
  'exchangeTx.sandbox.stableKey': {
    kind: 'boolean',
    default: false,
    userOnly: true,
  },
  'exchangeTx.forward.maxRequestsPerSecond': {
    kind: 'number',
    integer: true,
    min: 1,
    max: 10,
    default: 5,
    userOnly: true,
  },
  'exchangeTx.forward.statuses': {
    kind: 'stringArray',
    values: KNOWN_STATUSES,
    default: [],
    userOnly: true,
  },
  'exchangeTx.forward.payload': {
    kind: 'enum',
    values: ['standard', 'legacy'],
    default: 'standard',
    userOnly: true,
  },
  'exchangeTx.sandbox.trafficPerHour': {
    kind: 'number',
    integer: true,
    min: 0,
    max: 600,
    default: 60,
  },
  'exchangeTx.sandbox.journalSize': {
    kind: 'number',
    integer: true,
    min: 1,
    max: MAX_JOURNAL_SIZE,
    default: DEFAULT_JOURNAL_SIZE,
  },
} as const satisfies Record<string, SettingRule>;

export type SettingKey = keyof typeof SETTING_RULES;

/** The type of a rule's values (its default's, widened). */
export type ValueOf<R extends SettingRule> = R extends NumberRule
  ? number
  : R extends BooleanRule
    ? boolean
    : R extends StringArrayRule
      ? readonly string[]
      : R extends { readonly kind: 'enum'; readonly values: readonly (infer V)[] }
        ? V
        : string;

export type SettingValue<K extends SettingKey> = ValueOf<(typeof SETTING_RULES)[K]>;

/** What a value is expected to be, as the log says it ("a number from 1 to 120"). */
export function expectation(rule: SettingRule): string {
  switch (rule.kind) {
    case 'number':
      return `${rule.integer ? 'a whole number' : 'a number'} from ${rule.min} to ${rule.max}`;
    case 'boolean':
      return 'true or false';
    case 'string':
      return rule.pattern === undefined ? 'a string' : `a string matching ${rule.pattern}`;
    case 'enum':
      return `one of ${rule.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'stringArray':
      return rule.values === undefined ? 'a list of strings' : `a list of ${rule.values.join(', ')}`;
  }
}

/** Whether `raw` keeps the rule. */
export function isValid(rule: SettingRule, raw: unknown): boolean {
  switch (rule.kind) {
    case 'number':
      return (
        typeof raw === 'number' &&
        Number.isFinite(raw) &&
        raw >= rule.min &&
        raw <= rule.max &&
        (!rule.integer || Number.isInteger(raw))
      );
    case 'boolean':
      return typeof raw === 'boolean';
    case 'string':
      return typeof raw === 'string' && (rule.pattern === undefined || new RegExp(rule.pattern).test(raw));
    case 'enum':
      return typeof raw === 'string' && rule.values.includes(raw);
    case 'stringArray':
      return (
        Array.isArray(raw) &&
        raw.every((item) => typeof item === 'string' && (rule.values === undefined || rule.values.includes(item)))
      );
  }
}

/** How much of a wrong value the log shows. */
const MAX_SHOWN = 60;

/** A raw value as the log shows it: JSON (numbers that JSON cannot hold as they are), cut short. */
export function shownValue(raw: unknown): string {
  let text: string;
  try {
    // NaN and Infinity as they are (JSON would say null); a value JSON cannot hold by its type.
    text = typeof raw === 'number' ? String(raw) : (JSON.stringify(raw) ?? typeof raw);
  } catch {
    text = typeof raw;
  }
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

/** Where a value came from: the scopes of `inspect()`, and the manifest's default. */
export type SettingSource =
  | 'workspaceFolderLanguage'
  | 'workspaceLanguage'
  | 'globalLanguage'
  | 'workspaceFolder'
  | 'workspace'
  | 'global'
  | 'default';

/** The values of each scope, as `WorkspaceConfiguration.inspect()` gives them. */
export interface InspectedValues {
  readonly globalValue?: unknown;
  readonly workspaceValue?: unknown;
  readonly workspaceFolderValue?: unknown;
  readonly globalLanguageValue?: unknown;
  readonly workspaceLanguageValue?: unknown;
  readonly workspaceFolderLanguageValue?: unknown;
}

/** The scopes in VS Code's order of precedence, the strongest first (a language's values beat the others). */
const PRECEDENCE: readonly {
  readonly source: Exclude<SettingSource, 'default'>;
  readonly field: keyof InspectedValues;
}[] = [
  { source: 'workspaceFolderLanguage', field: 'workspaceFolderLanguageValue' },
  { source: 'workspaceLanguage', field: 'workspaceLanguageValue' },
  { source: 'globalLanguage', field: 'globalLanguageValue' },
  { source: 'workspaceFolder', field: 'workspaceFolderValue' },
  { source: 'workspace', field: 'workspaceValue' },
  { source: 'global', field: 'globalValue' },
];

/** The value that applies and the scope it came from; `undefined` when no scope sets one. */
export function effectiveValue(
  inspected: InspectedValues | undefined,
  rule: SettingRule,
): { readonly raw: unknown; readonly source: Exclude<SettingSource, 'default'> } | undefined {
  if (!inspected) return undefined;
  if (rule.userOnly)
    return inspected.globalValue === undefined ? undefined : { raw: inspected.globalValue, source: 'global' };
  for (const { source, field } of PRECEDENCE) {
    const raw = inspected[field];
    if (raw !== undefined) return { raw, source };
  }
  return undefined;
}

const SOURCE_NAMES: Record<SettingSource, string> = {
  workspaceFolderLanguage: "the workspace folder's language-specific settings",
  workspaceLanguage: "the workspace's language-specific settings",
  globalLanguage: 'the language-specific user settings',
  workspaceFolder: 'the workspace folder settings',
  workspace: 'the workspace settings',
  global: 'the user settings',
  default: 'the default',
};

export function sourceName(source: SettingSource): string {
  return SOURCE_NAMES[source];
}

/** A setting read: the value to use, where it came from, and why the value found was not used. */
export interface CheckedSetting<T> {
  readonly value: T;
  /** `default` when no scope set it or when the value set breaks the rule. */
  readonly source: SettingSource;
  /** Set when a scope held a value that breaks the rule: what was wrong, and that the default is used. */
  readonly problem?: string;
}

/**
 * The value to use for a setting, given the values of its scopes: the one that applies if it keeps
 * its rule, else the default with the reason, e.g.
 * `"abc" from the workspace settings is not a number from 1 to 120; using 15`.
 */
export function checkSetting<K extends SettingKey>(
  key: K,
  inspected: InspectedValues | undefined,
): CheckedSetting<SettingValue<K>> {
  const rule: SettingRule = SETTING_RULES[key];
  const fallback = rule.default as SettingValue<K>;
  const found = effectiveValue(inspected, rule);
  if (found === undefined) return { value: fallback, source: 'default' };
  if (isValid(rule, found.raw)) return { value: found.raw as SettingValue<K>, source: found.source };
  return {
    value: fallback,
    source: 'default',
    problem: `${shownValue(found.raw)} from ${sourceName(found.source)} is not ${expectation(rule)}; using ${shownValue(rule.default)}`,
  };
}
