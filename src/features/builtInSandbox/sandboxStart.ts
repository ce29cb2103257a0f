/**
 * What the built-in sandbox's start needs beside the sandbox's own code, loaded with its first
 * start and not at activation (esbuild.js: `dist/lazy/sandboxStart.js`): choosing its key pair and
 * making the next window's spare one, and restoring its kept ledger.
 */
export { makeSpareKey, windowKeyPair } from './sandboxKeyPair';
export { restoreKeptLedger } from './keptLedger';
