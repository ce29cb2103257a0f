/**
 * `npm run manifest:tools`: writes the manifest's `languageModelTools` and
 * `languageModelToolSets` from the tool table (src/agents): each entry's model description and
 * input schema are the tool's own, sandbox-only tools get the `when` clause that offers them on
 * the sandbox only, and the chat names, icons and localized strings come from
 * src/features/agents/toolManifest.ts. test/unit/agents/manifest.test.ts checks the result, so
 * the manifest cannot drift from the code.
 */
import * as fs from 'fs';
import * as path from 'path';
import { manifestToolEntries, manifestToolSets } from '../src/features/agents/toolManifest';

const root = path.resolve(__dirname, '..', '..');
const file = path.join(root, 'package.json');
const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { contributes: Record<string, unknown> };
manifest.contributes.languageModelTools = manifestToolEntries();
manifest.contributes.languageModelToolSets = manifestToolSets();
fs.writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
process.stdout.write(`wrote ${manifestToolEntries().length} language-model tools and their tool set to package.json\n`);
