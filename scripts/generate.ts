/**
 * `npm run generate`: writes what is generated from the typed tables in src (package.json's
 * commands, settings and language-model tools, their package.nls.json texts, the request schema's method
 * parts, the events schema, the tables of README.md and docs between `<!-- generated:… -->` markers); see
 * scripts/generate/files.ts. `--check` writes nothing and fails naming each stale file
 * (`npm run check` runs it).
 */
import * as fs from 'fs';
import * as path from 'path';
import { GENERATED_FILES } from './generate/files';

const args = process.argv.slice(2);
const check = args.includes('--check');
/** `--root DIR`: another copy of the repository's files (the tests use one). */
const rootAt = args.indexOf('--root');
const root = rootAt === -1 ? path.resolve(__dirname, '..', '..') : path.resolve(args[rootAt + 1] ?? '.');
const stale: string[] = [];
for (const file of GENERATED_FILES) {
  const absolute = path.join(root, file.path);
  const current = fs.readFileSync(absolute, 'utf8');
  const wanted = file.generate(current);
  if (wanted === current) continue;
  stale.push(file.path);
  if (!check) fs.writeFileSync(absolute, wanted);
}
if (check && stale.length > 0) {
  process.stderr.write(`Stale generated files (run npm run generate): ${stale.join(', ')}\n`);
  process.exit(1);
}
process.stdout.write(
  stale.length === 0 ? `${GENERATED_FILES.length} generated files are up to date\n` : `wrote ${stale.join(', ')}\n`,
);
