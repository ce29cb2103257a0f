/**
 * The tables generated into Markdown files, between `<!-- generated:NAME … -->` and
 * `<!-- /generated:NAME -->` (the opening marker's words after the name say where the table comes
 * from; the text outside the markers is the authors').
 */
import { AGENT_TOOLS } from '../../src/agents';
import { TOOL_META } from '../../src/features/agentRegistration/toolManifest';
import { OPERATIONS } from '../../src/documents/operationTable';
import { DIAGNOSES } from '../../packages/sandbox/src/diagnosis';
import { settingEntries } from '../../src/shared/settingTexts';
import type { SettingEntry } from '../../src/shared/settingTexts';

/** `text` with the part between the markers of `name` replaced by `body` (lines, no trailing newline). */
export function replaceBetweenMarkers(text: string, name: string, body: string, file: string): string {
  const open = new RegExp(`<!-- generated:${name}(?: [^\\n]*)? -->\\n`);
  const start = open.exec(text);
  const close = `<!-- /generated:${name} -->`;
  const end = text.indexOf(close);
  if (!start || end < start.index) throw new Error(`${file} lacks the markers <!-- generated:${name} --> … ${close}`);
  const from = start.index + start[0].length;
  return `${text.slice(0, from)}${body}\n${text.slice(end)}`;
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

const code = (text: string) => `\`${text}\``;

function defaultCell(rule: SettingEntry): string {
  if (rule.readmeDefault !== undefined) return rule.readmeDefault;
  const value: unknown = rule.default;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return code(`[${value.map((v) => JSON.stringify(v)).join(', ')}]`);
  return code(String(value));
}

/** README.md's settings table. */
export function settingsTable(): string {
  const rows = settingEntries().map(([key, rule]: [string, SettingEntry]) => [
    code(key),
    defaultCell(rule),
    rule.readme,
  ]);
  return table(['setting', 'default', 'what it does'], rows);
}

function meta(name: string) {
  const found = TOOL_META[name];
  if (!found) throw new Error(`No manifest metadata for the tool ${name}.`);
  return found;
}

/** docs/mcp.md's tools table. */
export function mcpToolsTable(): string {
  return table(
    ['tool', 'what it does', 'sandbox', 'account'],
    AGENT_TOOLS.map((tool) => [code(tool.name), meta(tool.name).mcpDoc, 'yes', tool.sandboxOnly ? '**no**' : 'yes']),
  );
}

/** The agent guide's tools table. */
export function skillToolsTable(): string {
  return table(
    ['Tool', 'What it does'],
    AGENT_TOOLS.map((tool) => [
      code(tool.name),
      `${tool.sandboxOnly ? 'Sandbox only: ' : ''}${meta(tool.name).skillDoc}`,
    ]),
  );
}

/** docs/sandbox.md's table of the methods the sandbox serves. */
export function sandboxMethodsTable(): string {
  const rows = OPERATIONS.filter((op) => op.inSandbox).map((op) => {
    const status =
      op.deprecated === undefined ? 'current' : `deprecated (use ${op.deprecated.split(' / ').map(code).join(' / ')})`;
    const anchor = `${op.name.toLowerCase()}${op.deprecated === undefined ? '' : '-deprecated'}`;
    return [
      code(op.name),
      op.description.replace(/ Deprecated\.$/, ''),
      status,
      op.factsFrom ?? `[service/methods.md](service/methods.md#${anchor})`,
    ];
  });
  return table(['Method', 'What it does', 'Status', 'Where its facts come from'], rows);
}

/** docs/sandbox.md's table of the diagnosis codes, from the sandbox's DIAGNOSES. */
export function diagnosesTable(): string {
  const rows = Object.entries(DIAGNOSES).map(([name, rule]) => {
    const page = rule.source.replace(/^(\.\.\/)+/, '').replace(/#.*$/, '');
    const source = rule.source.includes('RULES.md') ? `ours: [RULES.md](${rule.source})` : `[${page}](${rule.source})`;
    return [code(name), rule.when, rule.fix, source];
  });
  return table(['Code', 'When', 'What to do', 'Rule'], rows);
}
