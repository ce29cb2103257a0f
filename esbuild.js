// Bundles the extension and the Node tools. `--production` minifies; `--watch` rebuilds on change.
const esbuild = require('esbuild');
const fs = require('fs');
const path = require('path');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** Node entries: the extension (vscode external), the sandbox CLI and the benchmark. */
const nodeEntries = [
  { in: 'src/extension.ts', out: 'extension' },
  { in: 'src/sandbox/cli.ts', out: 'sandbox' },
  { in: 'scripts/bench.ts', out: 'bench' },
];

async function main() {
  const options = {
    entryPoints: nodeEntries,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outdir: 'dist',
    external: ['vscode'],
    // axios's `form-data` (with mime-types and its 200 KB database) is never used: JSON only.
    alias: { 'form-data': './scripts/shims/formData.ts' },
    minify: production,
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  };
  if (watch) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
    return;
  }
  const result = await esbuild.build(options);
  fs.writeFileSync(path.join('dist', 'meta.json'), JSON.stringify(result.metafile));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
