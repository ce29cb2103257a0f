import { strict as assert } from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const root = path.resolve(__dirname, '..', '..', '..');

describe('localization bundle', () => {
  it('l10n/bundle.l10n.json holds every vscode.l10n.t string of src/ (run `npm run l10n` after changing strings)', function () {
    this.timeout(60_000);
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-tx-l10n-'));
    try {
      const cli = path.join(root, 'node_modules', '@vscode', 'l10n-dev', 'dist', 'cli.js');
      execFileSync(process.execPath, [cli, 'export', '--outDir', out, path.join(root, 'src')], {
        cwd: root,
        stdio: 'pipe',
      });
      const fresh = JSON.parse(fs.readFileSync(path.join(out, 'bundle.l10n.json'), 'utf8')) as Record<string, string>;
      const committed = JSON.parse(fs.readFileSync(path.join(root, 'l10n', 'bundle.l10n.json'), 'utf8')) as Record<
        string,
        string
      >;
      assert.ok(Object.keys(fresh).length > 50);
      assert.deepEqual(Object.keys(committed).sort(), Object.keys(fresh).sort());
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
