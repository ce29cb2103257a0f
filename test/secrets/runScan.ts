/**
 * `node out/test/secrets/runScan.js REGISTRY PATH…`: scans files, folders (recursively) and
 * `.vsix` archives (each file inside) for the registered secrets and secret shapes; exits 1 on a
 * hit, naming where and what (never the secret).
 */
import * as fs from 'fs';
import * as path from 'path';
import { readRegistry } from './registry';
import type { Hit } from './scan';
import { scanText, SecretNeedles } from './scan';
import { readZip } from './zip';

/** Files bigger than this are read in part only (the profile's databases stay far below it). */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

function* files(target: string): Generator<string> {
  const stat = fs.statSync(target);
  if (stat.isFile()) {
    yield target;
    return;
  }
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    const full = path.join(target, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/** Bytes as text that keeps every ASCII character where it was (latin1), for binary files too. */
const asText = (data: Buffer) => data.toString('latin1');

export function scanPaths(
  targets: readonly string[],
  needles: SecretNeedles,
  skip: ReadonlySet<string> = new Set(),
): { hits: Hit[]; scanned: number } {
  const hits: Hit[] = [];
  let scanned = 0;
  for (const target of targets) {
    if (!fs.existsSync(target)) continue;
    for (const file of files(target)) {
      if (skip.has(path.resolve(file))) continue;
      const data = fs.readFileSync(file).subarray(0, MAX_FILE_BYTES);
      scanned++;
      if (file.endsWith('.vsix')) {
        for (const entry of readZip(data)) {
          scanned++;
          hits.push(...scanText(asText(entry.data), needles, `${file}!${entry.name}`));
        }
      } else {
        hits.push(...scanText(asText(data), needles, file));
      }
    }
  }
  return { hits, scanned };
}

function main(): number {
  const [registry, ...targets] = process.argv.slice(2);
  if (!registry || targets.length === 0) {
    console.error('usage: runScan REGISTRY PATH…');
    return 2;
  }
  const secrets = readRegistry(registry);
  const needles = new SecretNeedles(secrets);
  const { hits, scanned } = scanPaths(targets, needles, new Set([path.resolve(registry)]));
  const counts = ['private-key', 'api-key', 'signature']
    .map((kind) => `${secrets.filter((s) => s.kind === kind).length} ${kind}s`)
    .join(', ');
  console.log(`secret scan: ${scanned} files, ${counts} registered (${needles.size} needles)`);
  for (const hit of hits) console.error(`secret scan: ${hit.what} in ${hit.source} at ${hit.offset}`);
  if (hits.length > 0) {
    console.error(`secret scan FAILED: ${hits.length} hit${hits.length === 1 ? '' : 's'}`);
    return 1;
  }
  console.log('secret scan: nothing found');
  return 0;
}

if (require.main === module) process.exitCode = main();
