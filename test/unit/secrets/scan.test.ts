import { strict as assert } from 'assert';
import { execFileSync } from 'child_process';
import { createPrivateKey, sign } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { deflateRawSync } from 'zlib';
import { generateKeys } from '../../../src/api';
import { scanText, SecretNeedles } from '../../secrets/scan';
import { readZip } from '../../secrets/zip';

const keys = generateKeys();
const der = Buffer.from(keys.privateKeyHex, 'hex');
const pem = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })
  .export({ format: 'pem', type: 'pkcs8' })
  .toString();
const signature = sign(
  'sha256',
  Buffer.from('{"id":1}'),
  createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }),
).toString('base64');
const needles = new SecretNeedles([
  { kind: 'private-key', value: keys.privateKeyHex },
  { kind: 'api-key', value: keys.apiKey },
]);

const clean = 'info [request] getTransactions {"limit":10} → ok in 12 ms\napi key MmW873…sPI=\n';

describe('secret scan', () => {
  it('finds nothing in a clean log', () => {
    assert.deepEqual(scanText(clean, needles, 'log'), []);
  });

  it('fails on a private key planted in a log line: whole, as a piece, in another encoding, as a PEM line', () => {
    const pemLine = pem.split('\n')[5] ?? '';
    assert.equal(pemLine.length, 64);
    const plants = [
      `info [keys] saved ${keys.privateKeyHex}`,
      `debug body=${keys.privateKeyHex.slice(700, 780)} end`,
      `warn ${der.toString('base64').slice(300, 360)}`,
      pemLine,
      keys.privateKeyHex.slice(1000, 1064).toUpperCase(),
    ];
    for (const plant of plants) {
      const hits = scanText(`${clean}${plant}\n${clean}`, needles, 'log');
      assert.ok(hits.length > 0, `not found: ${plant.slice(0, 30)}…`);
      assert.ok(
        hits.every((h) => !h.what.includes(keys.privateKeyHex.slice(0, 16))),
        'a hit never repeats the secret',
      );
    }
  });

  it('fails on an API key, and on any RSA-2048 signature or PEM private key even when not registered', () => {
    assert.match(scanText(`X-Api-Key: ${keys.apiKey}`, needles, 'out')[0]?.what ?? '', /API key/);
    assert.match(scanText(`X-Api-Signature: ${signature}\n`, new SecretNeedles([]), 'out')[0]?.what ?? '', /signature/);
    assert.match(scanText(pem, new SecretNeedles([]), 'out')[0]?.what ?? '', /PEM private key/);
    assert.match(
      scanText(JSON.stringify({ pem }), new SecretNeedles([]), 'out')[0]?.what ?? '',
      /PEM private key/,
      'escaped line breaks too',
    );
    assert.deepEqual(
      scanText("if (text.includes('-----BEGIN RSA PRIVATE KEY-----')) read(text);", new SecretNeedles([]), 'code'),
      [],
      'a bare header in code is no key',
    );
  });

  it('reads the files inside a zip archive (stored and deflated)', () => {
    const entries: [string, Buffer, boolean][] = [
      ['extension/readme.md', Buffer.from('hello'), false],
      ['extension/dist/leak.js', Buffer.from(`const k = "${keys.apiKey}";`), true],
    ];
    const locals: Buffer[] = [];
    const centrals: Buffer[] = [];
    let offset = 0;
    for (const [name, data, deflate] of entries) {
      const body = deflate ? deflateRawSync(data) : data;
      const nameBytes = Buffer.from(name);
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(deflate ? 8 : 0, 8);
      local.writeUInt32LE(body.length, 18);
      local.writeUInt32LE(data.length, 22);
      local.writeUInt16LE(nameBytes.length, 26);
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(deflate ? 8 : 0, 10);
      central.writeUInt32LE(body.length, 20);
      central.writeUInt32LE(data.length, 24);
      central.writeUInt16LE(nameBytes.length, 28);
      central.writeUInt32LE(offset, 42);
      locals.push(local, nameBytes, body);
      centrals.push(central, nameBytes);
      offset += 30 + nameBytes.length + body.length;
    }
    const directory = Buffer.concat(centrals);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    const zip = Buffer.concat([...locals, directory, end]);
    const read = readZip(zip);
    assert.deepEqual(
      read.map((e) => e.name),
      ['extension/readme.md', 'extension/dist/leak.js'],
    );
    assert.equal(read[0]?.data.toString(), 'hello');

    // The command line: exit 1 naming the entry, exit 0 on a clean folder.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-tx-scan-'));
    try {
      const registry = path.join(dir, 'secrets.jsonl');
      fs.writeFileSync(registry, `${JSON.stringify({ kind: 'api-key', value: keys.apiKey })}\n`);
      const out = path.join(dir, 'out');
      fs.mkdirSync(out);
      fs.writeFileSync(path.join(out, 'test.log'), clean);
      const cli = path.join(__dirname, '..', '..', 'secrets', 'runScan.js');
      execFileSync(process.execPath, [cli, registry, out], { stdio: 'pipe' });
      fs.writeFileSync(path.join(out, 'package.vsix'), zip);
      let failed: { status?: number; stderr?: Buffer } = {};
      try {
        execFileSync(process.execPath, [cli, registry, out], { stdio: 'pipe' });
      } catch (error) {
        failed = error as { status?: number; stderr?: Buffer };
      }
      assert.equal(failed.status, 1);
      assert.match(failed.stderr?.toString() ?? '', /API key #1 in .*package\.vsix!extension\/dist\/leak\.js/);
      assert.ok(!(failed.stderr?.toString() ?? '').includes(keys.apiKey), 'the report does not repeat the key');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
