/**
 * Every file `npm run generate` writes (or the part of it between markers), as it should be now:
 * given a file's current text, its generated text.
 */
import { manifestText, nlsText, RECORD_GRAMMAR_FILE, recordGrammarText } from './manifest';
import {
  diagnosesTable,
  mcpToolsTable,
  replaceBetweenMarkers,
  sandboxMethodsTable,
  settingsTable,
  skillToolsTable,
} from './markdown';
import { schemaText } from './schema';
import { eventsSchema } from '../../src/shared/eventSchema';

export interface GeneratedFile {
  /** Relative to the repository's root. */
  readonly path: string;
  readonly generate: (current: string) => string;
}

function tables(file: string, parts: readonly (readonly [string, () => string])[]): GeneratedFile {
  return {
    path: file,
    generate: (current) =>
      parts.reduce((text, [name, body]) => replaceBetweenMarkers(text, name, body(), file), current),
  };
}

export const GENERATED_FILES: readonly GeneratedFile[] = [
  { path: 'package.json', generate: manifestText },
  { path: 'package.nls.json', generate: nlsText },
  { path: 'schemas/exchange-request.schema.json', generate: schemaText },
  { path: 'docs/forwarding-events.schema.json', generate: () => `${JSON.stringify(eventsSchema(), null, 2)}\n` },
  { path: RECORD_GRAMMAR_FILE.replace(/^\.\//, ''), generate: recordGrammarText },
  tables('README.md', [['settings', settingsTable]]),
  tables('docs/mcp.md', [['tools', mcpToolsTable]]),
  tables('media/agents/exchange-tx/SKILL.md', [['tools', skillToolsTable]]),
  tables('docs/sandbox.md', [
    ['methods', sandboxMethodsTable],
    ['diagnoses', diagnosesTable],
  ]),
];
