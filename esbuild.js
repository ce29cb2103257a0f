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

/**
 * The pair-limits webview, for the browser: its script and stylesheet, and the codicons (CSS and
 * font) that @vscode-elements' icons load. All into dist/webview/, the only folder the page may load.
 */
const webviewEntries = [
  { in: 'src/webview/pairLimits.ts', out: 'pairLimits' },
  { in: 'src/webview/pairLimits.css', out: 'pairLimits' },
  { in: require.resolve('@vscode/codicons/dist/codicon.css'), out: 'codicon' },
];

const webviewOptions = {
  entryPoints: webviewEntries,
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: 'es2022',
  outdir: 'dist/webview',
  loader: { '.ttf': 'file' },
  assetNames: '[name]',
  minify: production,
  sourcemap: true,
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
};

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
    // jsonc-parser's UMD build requires its parts at run time, which a bundle cannot resolve: the ES build bundles.
    alias: { 'form-data': './scripts/shims/formData.ts', 'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js' },
    minify: production,
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  };
  if (watch) {
    for (const o of [options, webviewOptions]) await (await esbuild.context(o)).watch();
    return;
  }
  const [node, webview] = await Promise.all([esbuild.build(options), esbuild.build(webviewOptions)]);
  // What went into each bundle, for `npm run bench`.
  const outputs = { ...node.metafile.outputs, ...webview.metafile.outputs };
  fs.writeFileSync(path.join('dist', 'meta.json'), JSON.stringify({ inputs: {}, outputs }));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
