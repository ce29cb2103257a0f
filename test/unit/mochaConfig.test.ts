/**
 * Every way the project runs mocha forbids `.only`: a focused test left in a suite fails the run
 * instead of silently skipping everything else.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';

const root = path.resolve(__dirname, '..', '..', '..');

describe('mocha configurations', () => {
  it('every .mocharc file sets forbid-only', () => {
    const configs = fs
      .readdirSync(root)
      .filter((name) => /^\.mocharc(\..+)?\.(json|jsonc|js|cjs|yml|yaml)$/.test(name))
      .sort();
    assert.deepEqual(
      configs,
      ['.mocharc.browser.json', '.mocharc.json'],
      'a new mocha configuration: add it here and give it forbid-only',
    );
    for (const name of configs) {
      const config = JSON.parse(fs.readFileSync(path.join(root, name), 'utf8')) as Record<string, unknown>;
      assert.equal(config['forbid-only'], true, name);
    }
  });

  it('the integration entry creates its Mocha with forbidOnly', () => {
    const entry = fs.readFileSync(path.join(root, 'test', 'integration', 'index.ts'), 'utf8');
    const options = /new Mocha\(\{([\s\S]*?)\}\)/.exec(entry);
    assert.ok(options, 'the integration entry no longer creates its Mocha as new Mocha({ … })');
    assert.match(options[1] ?? '', /\bforbidOnly: true,/);
  });

  it('the mutation run uses the unit configuration (and so forbids .only too)', () => {
    const stryker = JSON.parse(fs.readFileSync(path.join(root, 'stryker.config.json'), 'utf8')) as {
      mochaOptions?: { config?: string };
    };
    assert.equal(stryker.mochaOptions?.config, '.mocharc.json');
  });
});
