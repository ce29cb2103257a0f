import { strict as assert } from 'assert';
import { execFileSync } from 'child_process';
import * as path from 'path';
import { pathToFileURL } from 'url';

/**
 * The lint's folder rule (eslint.folders.mjs), run by ESLint's own Linter on small files placed in
 * src's folders: what the folder map refuses is reported, what it allows is not. The rule is an ES
 * module and these tests are CommonJS, so a child Node runs the linter and prints the messages.
 */
const ROOT = path.resolve(__dirname, '../../../..');

interface Case {
  readonly file: string;
  readonly code: string;
}

function lint(cases: readonly Case[]): string[][] {
  const script = `
    import { Linter } from 'eslint';
    import tseslint from 'typescript-eslint';
    import { folderImportsPlugin } from ${JSON.stringify(pathToFileURL(path.join(ROOT, 'eslint.folders.mjs')).href)};
    const cases = JSON.parse(process.argv[1]);
    const linter = new Linter({ cwd: ${JSON.stringify(ROOT)} });
    const config = [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { 'exchange-tx': folderImportsPlugin }, rules: { 'exchange-tx/folder-imports': 'error' } }];
    const out = cases.map((c) => linter.verify(c.code, config, { filename: ${JSON.stringify(ROOT)} + '/' + c.file }).map((m) => m.ruleId + ': ' + m.message));
    process.stdout.write(JSON.stringify(out));
  `;
  const text = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(cases)], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return JSON.parse(text) as string[][];
}

describe('the lint rule of what each folder may import', function () {
  this.timeout(60_000);

  it('refuses what the folder map does not allow, with the folder rule in words', () => {
    const [
      vscodeInApi,
      featureInStore,
      fsInStore,
      valueOfApiInShared,
      nodeInWebview,
      otherFeature,
      exportFrom,
      dynamicImport,
      featureInCommon,
      vscodeInSandbox,
      sandboxInside,
    ] = lint([
      { file: 'src/api/demo.ts', code: "import * as vscode from 'vscode';\nexport const v = vscode.version;" },
      { file: 'src/store/demo.ts', code: "import { tagged } from '../features/common/log';\nexport const t = tagged;" },
      { file: 'src/store/demo.ts', code: "import { readFileSync } from 'fs';\nexport const r = readFileSync;" },
      { file: 'src/shared/demo.ts', code: "import { ExchangeError } from '../api';\nexport const e = ExchangeError;" },
      { file: 'src/webview/demo.ts', code: "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;" },
      {
        file: 'src/features/watch/demo.ts',
        code: "import type { TransactionsApi } from '../transactions';\nexport type T = TransactionsApi;",
      },
      { file: 'src/agents/demo.ts', code: "export { SandboxServer } from '../../packages/sandbox/src/server';" },
      { file: 'src/forward/demo.ts', code: "export const load = () => import('../features/common/log');" },
      {
        file: 'src/features/common/demo.ts',
        code: "import type { LookupHandle } from '../lookup';\nexport type L = LookupHandle;",
      },
      { file: 'packages/sandbox/src/demo.ts', code: "import * as vscode from 'vscode';\nexport const v = vscode;" },
      {
        file: 'src/features/watch/demo.ts',
        code: "import { Ledger } from '../../../packages/sandbox/src/ledger';\nexport const l = Ledger;",
      },
    ]);
    assert.deepEqual(vscodeInApi, [
      'exchange-tx/folder-imports: vscode is not for src/api: src/api is pure Node: src/shared, Node, valibot and axios; never vscode.',
    ]);
    assert.match(featureInStore.join(), /src\/features\/common is not for src\/store/);
    assert.match(fsInStore.join(), /Node's fs is not for src\/store/);
    assert.match(valueOfApiInShared.join(), /src\/api is not for src\/shared: .*types of src\/api/);
    assert.match(nodeInWebview.join(), /Node's node:fs is not for src\/webview/);
    assert.match(otherFeature.join(), /src\/features\/transactions is not for src\/features\/watch/);
    assert.match(exportFrom.join(), /packages\/sandbox is not for src\/agents/);
    assert.match(dynamicImport.join(), /src\/features\/common is not for src\/forward/);
    assert.match(
      featureInCommon.join(),
      /src\/features\/lookup is not for src\/features\/common: .*it imports no feature folder/,
    );
    assert.match(vscodeInSandbox.join(), /vscode is not for packages\/sandbox: packages\/sandbox is pure Node/);
    assert.match(sandboxInside.join(), /imports packages\/sandbox through its entries only/);
  });

  it('allows what the map allows: its own folder, the folders below, types where the map says so, the packages named', () => {
    const results = lint([
      {
        file: 'src/api/demo.ts',
        code: "import { echo } from '../shared/echo';\nimport * as v from 'valibot';\nimport axios from 'axios';\nimport { createHash } from 'crypto';\nimport { x } from './client';\nexport const all = [echo, v, axios, createHash, x];",
      },
      {
        file: 'src/shared/demo.ts',
        code: "import type { ExchangeError } from '../api';\nimport { type RawTransaction } from '../api/types';\nexport type E = ExchangeError | RawTransaction;",
      },
      {
        file: 'packages/sandbox/src/demo.ts',
        code: "import { checkHookUrl } from '../../../src/forward/hookTarget';\nimport writeFileAtomic from 'write-file-atomic';\nexport const all = [checkHookUrl, writeFileAtomic];",
      },
      {
        file: 'src/webview/demo.ts',
        code: "import type { ExchangeError } from '../api';\nimport '@vscode-elements/elements/dist/vscode-button/index.js';\nexport type E = ExchangeError;",
      },
      {
        file: 'src/features/lookup/demo.ts',
        code: "import * as vscode from 'vscode';\nimport type { EnvironmentView } from '../common/environmentDeps';\nimport { tagged } from '../common/log';\nimport { TransactionStore } from '../../store/transactionStore';\nexport const all = [vscode, tagged, TransactionStore];\nexport type E = EnvironmentView;",
      },
      {
        file: 'src/extension.ts',
        code: "import { register } from './features/watch';\nexport const r = register;",
      },
      {
        file: 'src/mcp/demo.ts',
        code: "import { startSandbox } from '../../packages/sandbox/src';\nimport { isMethod } from '../../packages/sandbox/src/methods';\nexport const all = [startSandbox, isMethod];",
      },
      { file: 'test/unit/demo.test.ts', code: "import * as vscode from 'vscode';\nexport const v = vscode;" },
    ]);
    assert.deepEqual(results, [[], [], [], [], [], [], [], []]);
  });
});
