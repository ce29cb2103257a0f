// Every "see …" in the documentation leads somewhere a contributor who clones the repository can
// open: each relative Markdown link reaches an existing file (and heading), and nothing in the
// sources, tests or docs points at the service's notes that were never in the repository: their
// facts live in docs/service/.
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { anchorsOf, brokenLinks, linksOf, markdownFilesUnder, slugOf } from './markdownLinks';

const root = path.resolve(__dirname, '..', '..', '..', '..');

/** The documentation whose links are checked. */
function documentation(): string[] {
  return [
    path.join(root, 'README.md'),
    path.join(root, 'CONTRIBUTING.md'),
    path.join(root, 'packages', 'sandbox', 'RULES.md'),
    path.join(root, 'packages', 'sandbox', 'README.md'),
    ...markdownFilesUnder(path.join(root, 'docs')),
  ];
}

/** Names of notes kept outside the repository (spelt in parts so this file does not name them). */
const OUTSIDE_NOTES = [
  ['SERVICE', 'md'],
  ['exchange-api-v2', 'md'],
  ['more-operations', 'md'],
].map(([name, ext]) => `${name}.${ext}`);
const OUTSIDE_NOTE = new RegExp(
  `\\b(${OUTSIDE_NOTES.map((n) => n.replace(/[.-]/g, '\\$&')).join('|')})|\\bmore-operations\\s*§`,
);

/** Text files under a folder (what a pointer could be written in). */
function textFilesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|js|mjs|json|md|py|css|html|txt|yml|yaml)$/.test(f))
    .map((f) => path.join(dir, f));
}

describe('Links in the documentation', () => {
  it('reads links and anchors as GitHub does', () => {
    assert.deepEqual(
      linksOf(
        'See [a](a.md#x) and ![b](media/b.png "title").\n```\n[not](a link.md)\n```\nand `[no](code.md)`, [c](https://x.y/z).',
      ).map((l) => l.target),
      ['a.md#x', 'media/b.png', 'https://x.y/z'],
    );
    assert.equal(slugOf('The `hold*` mark'), 'the-hold-mark');
    assert.equal(slugOf("Net or gross: a fixed quote's `amountTo`"), 'net-or-gross-a-fixed-quotes-amountto');
    assert.equal(slugOf('getPairsParams (deprecated)'), 'getpairsparams-deprecated');
    assert.equal(
      slugOf('The currency catalogue (`packages/sandbox/src/catalogue.json`)'),
      'the-currency-catalogue-packagessandboxsrccataloguejson',
    );
    assert.deepEqual(
      [...anchorsOf('# A\n## B c\n```\n# not\n```\n### B c\n## The `hold*` mark\n')],
      ['a', 'b-c', 'b-c-1', 'the-hold-mark'],
    );
  });

  it('finds a missing file and a missing heading', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'links-'));
    try {
      fs.writeFileSync(path.join(dir, 'other.md'), '# Here\n');
      const file = path.join(dir, 'page.md');
      fs.writeFileSync(
        file,
        '# Top\n[ok](other.md#here) [self](#top) [dir](./)\n[gone](missing.md) [bad](other.md#there) [bad self](#nowhere)\n',
      );
      const problems = brokenLinks(file);
      assert.equal(problems.length, 3, problems.join('\n'));
      assert.match(problems[0] ?? '', /missing\.md: no such file/);
      assert.match(problems[1] ?? '', /other\.md#there: no heading/);
      assert.match(problems[2] ?? '', /#nowhere: no heading/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("every relative link of README, CONTRIBUTING, docs/ and the sandbox package's docs reaches a file and heading", () => {
    const files = documentation();
    assert.ok(
      files.some((f) => f.endsWith(path.join('docs', 'service', 'README.md'))),
      'docs/service/README.md exists',
    );
    const problems = files
      .flatMap((f) => brokenLinks(f))
      .map((p) => path.relative(root, p.split(':')[0] ?? '') + p.slice(p.indexOf(':')));
    assert.deepEqual(problems, []);
  });

  it('nothing in src/, packages/, test/ or docs/ points at notes outside the repository', () => {
    assert.ok(
      OUTSIDE_NOTE.test(`see ${OUTSIDE_NOTES[0] ?? ''}`) && OUTSIDE_NOTE.test(['more-operations', '§9'].join(' ')),
      'the pattern catches a pointer',
    );
    const files = ['src', 'packages', 'test', 'docs']
      .flatMap((d) => textFilesUnder(path.join(root, d)))
      .concat(path.join(root, 'README.md'), path.join(root, 'CONTRIBUTING.md'));
    const hits = files.flatMap((f) =>
      fs
        .readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) => (OUTSIDE_NOTE.test(line) ? [`${path.relative(root, f)}:${i + 1}: ${line.trim()}`] : [])),
    );
    assert.deepEqual(hits, []);
  });
});
