/**
 * The settings' rules and the check of a raw value: what a `settings.json` (a workspace's too) can
 * hold besides what the manifest declares (a string, null, a float, a negative number, an object…)
 * gives the default and says why, naming the scope it came from; and the manifest that
 * `npm run generate` writes from the table declares each rule's type, bounds, default and scope.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { checkSetting, effectiveValue, isValid, SETTING_RULES } from '../../../src/shared/settingValues';
import type { SettingKey, SettingRule } from '../../../src/shared/settingValues';
import { DEFAULT_ID_PATTERN } from '../../../src/features/lookup/idPattern';
import { DEFAULT_BASE_URL } from '../../../src/shared/connectionNames';
import { manifestText } from '../../../scripts/generate/manifest';

const TIMEOUT = 'exchangeTx.requestTimeoutSeconds';

describe('setting values', () => {
  describe('a number from 1 to 120 (exchangeTx.requestTimeoutSeconds) from the workspace settings', () => {
    const cases: [string, unknown, string][] = [
      ['a string', 'abc', '"abc" from the workspace settings is not a number from 1 to 120; using 15'],
      ['a numeric string', '30', '"30" from the workspace settings is not a number from 1 to 120; using 15'],
      ['the string "NaN"', 'NaN', '"NaN" from the workspace settings is not a number from 1 to 120; using 15'],
      ['NaN', NaN, 'NaN from the workspace settings is not a number from 1 to 120; using 15'],
      ['Infinity', Infinity, 'Infinity from the workspace settings is not a number from 1 to 120; using 15'],
      ['a negative number', -5, '-5 from the workspace settings is not a number from 1 to 120; using 15'],
      ['zero, below the minimum', 0, '0 from the workspace settings is not a number from 1 to 120; using 15'],
      ['too large', 121, '121 from the workspace settings is not a number from 1 to 120; using 15'],
      ['null', null, 'null from the workspace settings is not a number from 1 to 120; using 15'],
      ['a boolean', true, 'true from the workspace settings is not a number from 1 to 120; using 15'],
      ['an array', [30], '[30] from the workspace settings is not a number from 1 to 120; using 15'],
      [
        'an object',
        { seconds: 30 },
        '{"seconds":30} from the workspace settings is not a number from 1 to 120; using 15',
      ],
    ];
    for (const [name, raw, problem] of cases) {
      it(`${name}: the default 15, and why`, () => {
        assert.deepEqual(checkSetting(TIMEOUT, { workspaceValue: raw }), { value: 15, source: 'default', problem });
      });
    }

    it('a number within the bounds, a fraction too (the manifest says number), is used as it is', () => {
      assert.deepEqual(checkSetting(TIMEOUT, { workspaceValue: 30 }), { value: 30, source: 'workspace' });
      assert.deepEqual(checkSetting(TIMEOUT, { workspaceValue: 1 }), { value: 1, source: 'workspace' });
      assert.deepEqual(checkSetting(TIMEOUT, { workspaceValue: 120 }), { value: 120, source: 'workspace' });
      assert.deepEqual(checkSetting(TIMEOUT, { workspaceValue: 2.5 }), { value: 2.5, source: 'workspace' });
    });

    it('not set anywhere: the default, with nothing to say', () => {
      assert.deepEqual(checkSetting(TIMEOUT, {}), { value: 15, source: 'default' });
      assert.deepEqual(checkSetting(TIMEOUT, undefined), { value: 15, source: 'default' });
    });
  });

  describe('a whole number (the manifest says integer)', () => {
    it('a fraction is refused: exchangeTx.transactions.pageSize 2.5 gives 50', () => {
      assert.deepEqual(checkSetting('exchangeTx.transactions.pageSize', { globalValue: 2.5 }), {
        value: 50,
        source: 'default',
        problem: '2.5 from the user settings is not a whole number from 1 to 100; using 50',
      });
      assert.deepEqual(checkSetting('exchangeTx.transactions.pageSize', { globalValue: 100 }), {
        value: 100,
        source: 'global',
      });
    });

    it('exchangeTx.sandbox.port: a fraction, a negative number, one above 65535 are refused', () => {
      for (const raw of [8080.5, -1, 65536])
        assert.equal(isValid(SETTING_RULES['exchangeTx.sandbox.port'], raw), false, String(raw));
      for (const raw of [0, 8080, 65535])
        assert.equal(isValid(SETTING_RULES['exchangeTx.sandbox.port'], raw), true, String(raw));
    });
  });

  describe('booleans, lists of strings, strings and enums', () => {
    it('a boolean setting refuses "true", 1, null and an object', () => {
      const cases: [unknown, string][] = [
        ['true', '"true" from the workspace folder settings is not true or false; using true'],
        [1, '1 from the workspace folder settings is not true or false; using true'],
        [null, 'null from the workspace folder settings is not true or false; using true'],
        [{}, '{} from the workspace folder settings is not true or false; using true'],
      ];
      for (const [raw, problem] of cases) {
        assert.deepEqual(checkSetting('exchangeTx.hover.enabled', { workspaceFolderValue: raw }), {
          value: true,
          source: 'default',
          problem,
        });
      }
      assert.deepEqual(checkSetting('exchangeTx.hover.enabled', { workspaceFolderValue: false }), {
        value: false,
        source: 'workspaceFolder',
      });
    });

    it('a list of strings refuses a string, a list holding a number or null, and null', () => {
      const cases: [unknown, string][] = [
        ['log', '"log" from the workspace settings is not a list of strings; using []'],
        [['log', 3], '["log",3] from the workspace settings is not a list of strings; using []'],
        [['log', null], '["log",null] from the workspace settings is not a list of strings; using []'],
        [null, 'null from the workspace settings is not a list of strings; using []'],
        [{ 0: 'log' }, '{"0":"log"} from the workspace settings is not a list of strings; using []'],
      ];
      for (const [raw, problem] of cases) {
        assert.deepEqual(checkSetting('exchangeTx.hover.languages', { workspaceValue: raw }), {
          value: [],
          source: 'default',
          problem,
        });
      }
      assert.deepEqual(checkSetting('exchangeTx.hover.languages', { workspaceValue: ['log', 'json'] }), {
        value: ['log', 'json'],
        source: 'workspace',
      });
      assert.deepEqual(checkSetting('exchangeTx.hover.languages', { workspaceValue: [] }), {
        value: [],
        source: 'workspace',
      });
    });

    it("a string with the manifest's pattern refuses another string, a number and null", () => {
      const cases: [unknown, string][] = [
        [
          'ftp://example.com',
          '"ftp://example.com" from the user settings is not a string matching ^https?://; using "https://api.changelly.com"',
        ],
        [443, '443 from the user settings is not a string matching ^https?://; using "https://api.changelly.com"'],
        [null, 'null from the user settings is not a string matching ^https?://; using "https://api.changelly.com"'],
      ];
      for (const [raw, problem] of cases) {
        assert.deepEqual(checkSetting('exchangeTx.baseUrl', { globalValue: raw }), {
          value: 'https://api.changelly.com',
          source: 'default',
          problem,
        });
      }
      assert.deepEqual(checkSetting('exchangeTx.baseUrl', { globalValue: 'http://127.0.0.1:8080' }), {
        value: 'http://127.0.0.1:8080',
        source: 'global',
      });
    });

    it('a string enum takes one of its values only', () => {
      const rule: SettingRule = { kind: 'enum', values: ['off', 'on'], default: 'off' };
      assert.equal(isValid(rule, 'on'), true);
      for (const raw of ['ON', '', 1, null, ['on']]) assert.equal(isValid(rule, raw), false, JSON.stringify(raw));
    });

    it('a long wrong value is cut short in the reason', () => {
      const checked = checkSetting('exchangeTx.hover.enabled', { globalValue: 'x'.repeat(500) });
      assert.equal(checked.problem, `"${'x'.repeat(59)}… from the user settings is not true or false; using true`);
    });
  });

  describe('which scope applies', () => {
    it("the strongest scope that sets a value, language-specific values first, as VS Code's get() does", () => {
      const rule = SETTING_RULES[TIMEOUT];
      const all = {
        globalValue: 1,
        workspaceValue: 2,
        workspaceFolderValue: 3,
        globalLanguageValue: 4,
        workspaceLanguageValue: 5,
        workspaceFolderLanguageValue: 6,
      };
      assert.deepEqual(effectiveValue(all, rule), { raw: 6, source: 'workspaceFolderLanguage' });
      assert.deepEqual(effectiveValue({ ...all, workspaceFolderLanguageValue: undefined }, rule), {
        raw: 5,
        source: 'workspaceLanguage',
      });
      assert.deepEqual(
        effectiveValue({ globalValue: 1, workspaceValue: 2, workspaceFolderValue: 3, globalLanguageValue: 4 }, rule),
        { raw: 4, source: 'globalLanguage' },
      );
      assert.deepEqual(effectiveValue({ globalValue: 1, workspaceValue: 2, workspaceFolderValue: 3 }, rule), {
        raw: 3,
        source: 'workspaceFolder',
      });
      assert.deepEqual(effectiveValue({ globalValue: 1, workspaceValue: 2 }, rule), { raw: 2, source: 'workspace' });
      assert.deepEqual(effectiveValue({ globalValue: 1 }, rule), { raw: 1, source: 'global' });
    });

    it('a wrong value in a stronger scope gives the default, naming that scope (not the user value below it)', () => {
      assert.deepEqual(checkSetting(TIMEOUT, { globalValue: 30, workspaceValue: 'abc' }), {
        value: 15,
        source: 'default',
        problem: '"abc" from the workspace settings is not a number from 1 to 120; using 15',
      });
      assert.equal(
        checkSetting('exchangeTx.watch.intervalSeconds', { globalValue: 60, workspaceLanguageValue: 1 }).problem,
        "1 from the workspace's language-specific settings is not a number from 2 to 3600; using 10",
      );
    });

    it("a user-only (application) setting reads the user's value only: a workspace's is neither used nor checked", () => {
      assert.deepEqual(
        checkSetting('exchangeTx.sandbox.port', {
          globalValue: 8080,
          workspaceValue: 'abc',
          workspaceFolderValue: 9090,
        }),
        { value: 8080, source: 'global' },
      );
      assert.deepEqual(checkSetting('exchangeTx.sandbox.stableKey', { workspaceValue: true }), {
        value: false,
        source: 'default',
      });
      assert.deepEqual(checkSetting('exchangeTx.sandbox.stableKey', { globalValue: 'yes' }), {
        value: false,
        source: 'default',
        problem: '"yes" from the user settings is not true or false; using false',
      });
    });
  });

  describe('the manifest npm run generate writes from the rules', () => {
    interface DeclaredSetting {
      type?: string;
      minimum?: number;
      maximum?: number;
      default?: unknown;
      pattern?: string;
      enum?: string[];
      items?: { type?: string };
      scope?: string;
    }
    // Generated from the table (test/unit/generated.test.ts checks package.json is what it writes).
    const manifest = JSON.parse(
      manifestText(fs.readFileSync(path.resolve(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8')),
    ) as {
      contributes: { configuration: { properties: Record<string, DeclaredSetting> } };
    };
    const declared = manifest.contributes.configuration.properties;

    it('every setting the code reads is declared, with the same type, bounds, default and scope', () => {
      for (const [key, rule] of Object.entries(SETTING_RULES) as [SettingKey, SettingRule][]) {
        const setting = declared[key];
        assert.ok(setting, `${key} is not in the manifest`);
        const userOnly = setting.scope === 'application' || setting.scope === 'machine';
        assert.equal(
          rule.userOnly === true,
          userOnly,
          `${key}: read from the user settings only exactly when its scope is application or machine`,
        );
        assert.deepEqual(rule.default, setting.default, `${key}: default`);
        switch (rule.kind) {
          case 'number':
            assert.equal(setting.type, rule.integer ? 'integer' : 'number', `${key}: type`);
            assert.equal(rule.min, setting.minimum, `${key}: minimum`);
            assert.equal(rule.max, setting.maximum, `${key}: maximum`);
            break;
          case 'boolean':
            assert.equal(setting.type, 'boolean', `${key}: type`);
            break;
          case 'string':
            assert.equal(setting.type, 'string', `${key}: type`);
            assert.equal(setting.enum, undefined, `${key}: an enum in the manifest`);
            assert.equal(rule.pattern, setting.pattern, `${key}: pattern`);
            break;
          case 'enum':
            assert.equal(setting.type, 'string', `${key}: type`);
            assert.deepEqual(rule.values, setting.enum, `${key}: values`);
            break;
          case 'stringArray':
            assert.equal(setting.type, 'array', `${key}: type`);
            assert.equal(setting.items?.type, 'string', `${key}: items`);
            break;
        }
      }
    });

    it('every exchangeTx.* setting of the manifest has a rule', () => {
      assert.deepEqual(Object.keys(declared).sort(), Object.keys(SETTING_RULES).sort());
    });

    it("the manifest's defaults are valid by their own rules, and the constants the code keeps beside them agree", () => {
      for (const [key, rule] of Object.entries(SETTING_RULES) as [SettingKey, SettingRule][])
        assert.ok(isValid(rule, rule.default), key);
      assert.equal(SETTING_RULES['exchangeTx.hover.idPattern'].default, DEFAULT_ID_PATTERN);
      assert.equal(SETTING_RULES['exchangeTx.baseUrl'].default, DEFAULT_BASE_URL);
    });
  });
});
