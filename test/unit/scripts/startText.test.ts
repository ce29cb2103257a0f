/**
 * `npm start` prints its own lines: progress as `npm start: …` (not the integration runner's
 * `[integration +0.1s]`), then what runs, the address to open and how to stop.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import {
  desktopLine,
  paletteName,
  START_PREFIX,
  startedLines,
  startPayload,
  startSettings,
  walkthroughTitle,
} from '../../../scripts/startText';
import { say, setSayPrefix } from '../../runner/processes';

describe('npm start: its lines', () => {
  it('says what started, the address to open and how to stop', () => {
    const url = 'http://127.0.0.1:8080/?folder=%2Fhome%2Fplayground';
    const lines = startedLines({ codeServerVersion: '4.100.3', vscodeVersion: '1.100.3', url });
    assert.ok(
      lines.some((l) => l.includes('Exchange Tx is running in VS Code 1.100.3 (code-server 4.100.3)')),
      lines.join('\n'),
    );
    assert.ok(lines.includes(`  ${url}`), 'the address on its own line, to copy');
    assert.ok(lines.some((l) => l.includes('sandbox')));
    assert.ok(lines.some((l) => l.includes('Ctrl+C')));
    assert.ok(desktopLine().startsWith(START_PREFIX));
    for (const line of [...lines, desktopLine()]) assert.doesNotMatch(line, /\[integration/);
  });

  it('the progress lines of the steps it shares with the test runner carry its own prefix', () => {
    const printed: string[] = [];
    const error = console.error;
    console.error = (...args: unknown[]) => printed.push(args.map(String).join(' '));
    const before = setSayPrefix(() => START_PREFIX);
    try {
      say('installing the server host');
      setSayPrefix(before);
      say('the runner again');
    } finally {
      setSayPrefix(before);
      console.error = error;
    }
    assert.equal(printed[0], 'npm start: installing the server host');
    assert.match(printed[1] ?? '', /^\[integration \+\d+\.\d+s\] the runner again$/);
  });
});

describe('npm start: the names it gives and what it opens', () => {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8'),
  ) as { contributes: { commands: { command: string }[] } };

  it('names commands as the Command Palette shows them, read from the manifest', () => {
    assert.equal(paletteName('exchangeTx.sandbox.copyConnection'), 'Exchange Tx: Copy Sandbox Connection');
    const lines = startedLines({
      codeServerVersion: '4.100.3',
      vscodeVersion: '1.100.3',
      url: 'http://127.0.0.1:8080/',
    }).join('\n');
    const named = [...lines.matchAll(/"(Exchange Tx: [^"]+)"/g)].map((m) => m[1] ?? '');
    assert.ok(named.length >= 2, lines);
    const titles = manifest.contributes.commands.map((c) => paletteName(c.command));
    for (const name of named) assert.ok(titles.includes(name), `"${name}" is a command of the palette`);
    assert.ok(lines.includes(`"${walkthroughTitle()}"`), 'the walkthrough by its title');
    assert.throws(() => paletteName('exchangeTx.noSuchCommand'), /no command/);
  });

  it('does not skip the Welcome page (the walkthrough is there) nor turn it off', () => {
    const payload = startPayload('vscode-remote://127.0.0.1:8080/repo');
    assert.deepEqual(payload, [['extensionDevelopmentPath', 'vscode-remote://127.0.0.1:8080/repo']]);
    assert.ok(!payload.some(([key]) => key === 'skipWelcome'));
    assert.notEqual(startSettings()['workbench.startupEditor'], 'none');
  });
});
