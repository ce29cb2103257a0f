// The extensionTestsPath entry of the packaged check (test/runner/runPackaged.ts): runs
// packaged.test.js with mocha inside the extension host, where the extension was installed from
// its .vsix. The extension in development mode is a stand-in with no code (it only carries this
// entry); the one under test is the installed one.
import * as path from 'path';
import Mocha from 'mocha';

export async function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', color: false, timeout: 30_000, forbidOnly: true });
  mocha.addFile(path.join(__dirname, 'packaged.test.js'));
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  if (failures > 0) throw new Error(`${failures} check${failures === 1 ? '' : 's'} of the packaged extension failed`);
}
