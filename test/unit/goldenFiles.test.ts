/** The golden-file helper (test/unit/support/golden.ts): it compares, normalizes and explains a difference. */
import { strict as assert } from 'assert';
import { assertGolden, goldenPath, lineDiff, normalizeGolden, UPDATE_GOLDEN_ENV } from './support/golden';

describe('golden files', () => {
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env[UPDATE_GOLDEN_ENV];
    delete process.env[UPDATE_GOLDEN_ENV];
  });
  afterEach(() => {
    if (saved === undefined) delete process.env[UPDATE_GOLDEN_ENV];
    else process.env[UPDATE_GOLDEN_ENV] = saved;
  });

  it('passes on the same text, and fails on another with a line diff and how to update', () => {
    assertGolden('support/golden-example', 'line one\nline two\nline three\n');
    assert.throws(
      () => assertGolden('support/golden-example', 'line one\nline 2\nline three\n'),
      (error: Error) =>
        /test\/golden\/support\/golden-example\.txt/.test(error.message) &&
        error.message.includes('\n- line two\n+ line 2\n') &&
        error.message.includes(`${UPDATE_GOLDEN_ENV}=1`),
    );
  });

  it('fails on a missing file, saying how to write it', () => {
    assert.throws(
      () => assertGolden('support/no-such-golden', 'x'),
      new RegExp(`no golden file .*no-such-golden\\.txt.*${UPDATE_GOLDEN_ENV}=1`),
    );
  });

  it('replaces a loopback port, and what the test names, before comparing', () => {
    assert.equal(
      normalizeGolden('at http://127.0.0.1:43127/ and localhost:8080'),
      'at http://127.0.0.1:PORT/ and localhost:PORT',
    );
    assert.equal(normalizeGolden('sent 12:00:01', { replace: [[/\d\d:\d\d:\d\d/g, 'TIME']] }), 'sent TIME');
  });

  it('shows only the changed lines with two lines around them', () => {
    const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].join('\n');
    const after = ['a', 'b', 'c', 'd', 'E', 'f', 'g', 'h', 'i', 'j'].join('\n');
    assert.equal(
      lineDiff(before, after),
      ['  …', '  c', '  d', '- e', '+ E', '  f', '  g', '  h', '  i', '+ j'].join('\n'),
    );
  });

  it('takes names of folders and files only (no way out of test/golden)', () => {
    assert.throws(() => goldenPath('../package'), /name/);
    assert.throws(() => goldenPath('/etc/passwd'), /name/);
    assert.match(goldenPath('requests/answer/result'), /test[\\/]golden[\\/]requests[\\/]answer[\\/]result\.txt$/);
  });
});
