/**
 * What `npm run generate` writes from the typed tables in src: every generated file of the
 * repository is what the generator writes now (so no copy can drift from its table), and the
 * generator itself: `--check` fails naming the stale file and writes nothing, a run rewrites only
 * what is generated, and it refuses a file that lacks its markers or a method without params.
 */
import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { GENERATED_FILES } from '../../../scripts/generate/files';
import { generatedNls, nlsText } from '../../../scripts/generate/manifest';
import { replaceBetweenMarkers } from '../../../scripts/generate/markdown';
import { schemaText } from '../../../scripts/generate/schema';
import { COMMANDS } from '../../../src/shared/commandTable';
import { SETTING_RULES } from '../../../src/shared/settingValues';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const script = path.join(root, 'out', 'scripts', 'generate.js');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('generated files (npm run generate)', () => {
  for (const file of GENERATED_FILES) {
    it(`${file.path} is what the generator writes from the tables`, () => {
      const current = read(file.path);
      assert.equal(file.generate(current), current, `${file.path} is stale: run npm run generate`);
    });
  }

  describe('--check and a run, on a copy of the files', function () {
    this.timeout(30_000);
    let copy: string;
    beforeEach(() => {
      copy = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-tx-generate-'));
      for (const file of GENERATED_FILES) {
        fs.mkdirSync(path.dirname(path.join(copy, file.path)), { recursive: true });
        fs.copyFileSync(path.join(root, file.path), path.join(copy, file.path));
      }
    });
    afterEach(() => fs.rmSync(copy, { recursive: true, force: true }));

    const run = (...args: string[]) =>
      spawnSync(process.execPath, [script, '--root', copy, ...args], { encoding: 'utf8' });

    it('passes on files that are up to date', () => {
      const result = run('--check');
      assert.equal(result.status, 0, result.stderr);
    });

    it('fails naming a stale file, and writes nothing; a run then rewrites it to what the table says', () => {
      const readme = path.join(copy, 'README.md');
      const before = fs.readFileSync(readme, 'utf8');
      const edited = before.replace(
        '| `exchangeTx.requestTimeoutSeconds` | 15 |',
        '| `exchangeTx.requestTimeoutSeconds` | 30 |',
      );
      assert.notEqual(edited, before);
      fs.writeFileSync(readme, edited);
      const checked = run('--check');
      assert.equal(checked.status, 1);
      assert.match(checked.stderr, /Stale generated files \(run npm run generate\): README\.md\n/);
      assert.equal(fs.readFileSync(readme, 'utf8'), edited, '--check writes nothing');
      const written = run();
      assert.equal(written.status, 0, written.stderr);
      assert.match(written.stdout, /wrote README\.md/);
      assert.equal(fs.readFileSync(readme, 'utf8'), before);
      assert.equal(run('--check').status, 0);
    });

    it('puts back a setting removed from package.json', () => {
      const manifestFile = path.join(copy, 'package.json');
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as {
        contributes: { configuration: { properties: Record<string, unknown> } };
      };
      delete manifest.contributes.configuration.properties['exchangeTx.sandbox.port'];
      fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
      const checked = run('--check');
      assert.equal(checked.status, 1);
      assert.match(checked.stderr, /: package\.json\n/);
      assert.equal(run().status, 0);
      assert.equal(fs.readFileSync(manifestFile, 'utf8'), read('package.json'));
    });
  });

  describe('package.nls.json', () => {
    const current = read('package.nls.json');

    it('gives every setting and tool its text, keeps the other keys where they are, and drops a generated key no table has', () => {
      const texts = generatedNls();
      for (const key of Object.keys(SETTING_RULES))
        assert.ok(texts.has(`config.${key.slice('exchangeTx.'.length)}`), key);
      for (const { command, title } of COMMANDS)
        assert.equal(texts.get(`command.${command.slice('exchangeTx.'.length)}`), title, command);
      const withStale = current.replace(
        '{\n',
        '{\n  "config.gone": "A setting no longer read",\n  "languageModelTools.gone.displayName": "Gone",\n',
      );
      assert.equal(nlsText(withStale), current);
    });

    it('puts a missing text back after the last key of its kind', () => {
      const parsed = JSON.parse(current) as Record<string, string>;
      const key = 'config.sandbox.port';
      const without = Object.fromEntries(Object.entries(parsed).filter(([k]) => k !== key));
      const rewritten = Object.keys(
        JSON.parse(nlsText(`${JSON.stringify(without, null, 2)}\n`)) as Record<string, string>,
      );
      const lastConfig =
        Object.keys(without)
          .filter((k) => k.startsWith('config.'))
          .pop() ?? '';
      assert.equal(rewritten[rewritten.indexOf(lastConfig) + 1], key);
      assert.equal(rewritten.length, Object.keys(parsed).length);
    });
  });

  it('refuses a Markdown file without its markers, naming the file and the markers', () => {
    assert.throws(
      () => replaceBetweenMarkers('# Title\n', 'settings', '| a |', 'README.md'),
      /README\.md lacks the markers <!-- generated:settings -->/,
    );
    assert.equal(
      replaceBetweenMarkers('a\n<!-- generated:x from y -->\nold\n<!-- /generated:x -->\nb\n', 'x', 'new', 'f'),
      'a\n<!-- generated:x from y -->\nnew\n<!-- /generated:x -->\nb\n',
    );
  });

  it('refuses a request schema without the params definition of an operation, naming it', () => {
    const schema = read('schemas/exchange-request.schema.json');
    const broken = schema.replace('"params.getFixRateBulk":', '"params.getFixRateBulkGone":');
    assert.notEqual(broken, schema);
    assert.throws(() => schemaText(broken), /no definitions\."params\.getFixRateBulk"/);
  });
});
