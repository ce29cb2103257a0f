/**
 * The generated parts of package.json and package.nls.json: `contributes.commands` from the
 * command list (src/shared/commandTable.ts), `contributes.configuration` and
 * `restrictedConfigurations` from the settings table (src/shared/settingValues.ts), the
 * language-model tools and their tool set from the tool table (src/features/agentRegistration/toolManifest.ts),
 * the details documents' language and its grammar (src/features/details/recordScheme.ts), and the
 * English texts they name by `%key%`.
 */
import { AGENT_TOOLS } from '../../src/agents';
import {
  manifestToolEntries,
  manifestToolSets,
  TOOL_META,
  TOOL_SET_DESCRIPTION,
} from '../../src/features/agentRegistration/toolManifest';
import {
  RECORD_FOLDER,
  RECORD_GRAMMAR_SCOPE,
  RECORD_LANGUAGE,
  RECORD_LANGUAGE_NAME,
} from '../../src/features/details/recordScheme';
import { COMMANDS } from '../../src/shared/commandTable';
import { settingEntries } from '../../src/shared/settingTexts';
import type { SettingEntry } from '../../src/shared/settingTexts';

/** `exchangeTx.sandbox.reset` → `command.sandbox.reset` (the key of its title in package.nls.json). */
function commandKeyOf(command: string): string {
  return `command.${command.replace(/^exchangeTx\./, '')}`;
}

/** `exchangeTx.hover.enabled` → `config.hover.enabled` (the key of its text in package.nls.json). */
function nlsKeyOf(setting: string): string {
  return `config.${setting.replace(/^exchangeTx\./, '')}`;
}

/** One property of `contributes.configuration`, its members in the manifest's order. */
function property(key: string, rule: SettingEntry): Record<string, unknown> {
  const description = `%${nlsKeyOf(key)}%`;
  const type =
    rule.kind === 'number' ? (rule.integer ? 'integer' : 'number') : rule.kind === 'stringArray' ? 'array' : 'string';
  return {
    type: rule.kind === 'boolean' ? 'boolean' : type,
    ...(rule.kind === 'stringArray'
      ? { items: { type: 'string', ...(rule.values ? { enum: [...rule.values] } : {}) }, uniqueItems: true }
      : {}),
    ...(rule.kind === 'enum' ? { enum: [...rule.values] } : {}),
    default: rule.default,
    ...(rule.kind === 'number' ? { minimum: rule.min, maximum: rule.max } : {}),
    ...(rule.markdown ? { markdownDescription: description } : { description }),
    ...(rule.kind === 'string' && rule.pattern !== undefined ? { pattern: rule.pattern } : {}),
    ...(rule.patternMessage !== undefined ? { patternErrorMessage: `%${nlsKeyOf(key)}.pattern%` } : {}),
    ...(rule.userOnly ? { scope: 'application' } : {}),
  };
}

function settings(): [string, SettingEntry][] {
  return settingEntries();
}

interface Manifest {
  capabilities: { untrustedWorkspaces: { restrictedConfigurations?: string[] } };
  contributes: { configuration: { properties: Record<string, unknown> } } & Record<string, unknown>;
}

/** package.json's text with its generated sections rewritten (the rest, and its order, kept). */
export function manifestText(current: string): string {
  const manifest = JSON.parse(current) as Manifest;
  manifest.contributes.commands = COMMANDS.map(({ command, icon }) => ({
    command,
    title: `%${commandKeyOf(command)}%`,
    category: '%category%',
    ...(icon === undefined ? {} : { icon }),
  }));
  manifest.contributes.configuration.properties = Object.fromEntries(
    settings().map(([key, rule]) => [key, property(key, rule)]),
  );
  // A workspace may set these; in Restricted Mode VS Code asks before it uses a workspace's value.
  manifest.capabilities.untrustedWorkspaces.restrictedConfigurations = settings()
    .filter(([, rule]) => !rule.userOnly)
    .map(([key]) => key);
  manifest.contributes.languageModelTools = manifestToolEntries();
  manifest.contributes.languageModelToolSets = manifestToolSets();
  manifest.contributes.languages = [
    {
      id: RECORD_LANGUAGE,
      aliases: [RECORD_LANGUAGE_NAME],
      filenamePatterns: [`**/${RECORD_FOLDER}/*`],
      configuration: `./syntaxes/${RECORD_LANGUAGE}.language-configuration.json`,
    },
  ];
  manifest.contributes.grammars = [
    { language: RECORD_LANGUAGE, scopeName: RECORD_GRAMMAR_SCOPE, path: RECORD_GRAMMAR_FILE },
  ];
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** The details language's grammar file (package.json's `grammars` names it). */
export const RECORD_GRAMMAR_FILE = `./syntaxes/${RECORD_LANGUAGE}.tmLanguage.json`;

/** That grammar: JSON with Comments' own, included whole under the language's scope. */
export function recordGrammarText(): string {
  return `${JSON.stringify({ scopeName: RECORD_GRAMMAR_SCOPE, patterns: [{ include: 'source.json.comments' }] }, null, 2)}\n`;
}

/** The English texts of the generated sections, by package.nls.json key. */
export function generatedNls(): Map<string, string> {
  const texts = new Map<string, string>();
  for (const { command, title } of COMMANDS) texts.set(commandKeyOf(command), title);
  for (const [key, rule] of settings()) {
    texts.set(nlsKeyOf(key), rule.description);
    if (rule.patternMessage !== undefined) texts.set(`${nlsKeyOf(key)}.pattern`, rule.patternMessage);
  }
  for (const tool of AGENT_TOOLS) {
    const meta = TOOL_META[tool.name];
    if (!meta) throw new Error(`No manifest metadata for the tool ${tool.name}.`);
    texts.set(`languageModelTools.${meta.key}.displayName`, tool.title);
    texts.set(`languageModelTools.${meta.key}.userDescription`, meta.userDescription);
  }
  texts.set('languageModelToolSets.exchangeTx.description', TOOL_SET_DESCRIPTION);
  return texts;
}

/** The prefixes of the package.nls.json keys the generator owns: a key of theirs it no longer writes goes. */
const OWNED = ['command.', 'config.', 'languageModelTools.', 'languageModelToolSets.'];

/**
 * package.nls.json's text with the generated texts in place: a key kept where it is, a new one
 * after the last key of its prefix (else at the end), one the tables no longer have removed.
 */
export function nlsText(current: string): string {
  const texts = generatedNls();
  const entries: [string, string][] = Object.entries(JSON.parse(current) as Record<string, string>)
    .filter(([key]) => texts.has(key) || !OWNED.some((prefix) => key.startsWith(prefix)))
    .map(([key, text]) => [key, texts.get(key) ?? text]);
  for (const [key, text] of texts) {
    if (entries.some(([k]) => k === key)) continue;
    const prefix = OWNED.find((p) => key.startsWith(p)) ?? '';
    const last = entries.map(([k]) => k.startsWith(prefix)).lastIndexOf(true);
    entries.splice(last === -1 ? entries.length : last + 1, 0, [key, text]);
  }
  return `${JSON.stringify(Object.fromEntries(entries), null, 2)}\n`;
}
