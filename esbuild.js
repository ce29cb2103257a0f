// Bundles the extension and the Node tools. `--production` minifies; `--watch` rebuilds on change.
const esbuild = require('esbuild');
const fs = require('fs');
const path = require('path');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
/** `--outdir DIR` builds elsewhere (the bundle test builds into a temporary folder); dist/ by default. */
const outdirArg = process.argv.indexOf('--outdir');
const DIST =
  outdirArg > 0 && process.argv[outdirArg + 1] ? path.resolve(process.argv[outdirArg + 1]) : path.resolve('dist');

/**
 * Each one CommonJS file, vscode external: the extension (package.json's main; its dynamic import()
 * of its own files are bundled in), and the Node tools: the sandbox CLI, the status-change
 * forwarder, the MCP server (shipped with the extension, which starts it as a process of its own;
 * the MCP SDK is in this file only) and the benchmark.
 */
const nodeEntries = [
  { in: 'src/extension.ts', out: 'extension' },
  { in: 'packages/sandbox/src/cli.ts', out: 'sandbox' },
  { in: 'src/mcp/cli.ts', out: 'mcp' },
  { in: 'src/forward/cli.ts', out: 'forward' },
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

const common = {
  bundle: true,
  minify: production,
  sourcemap: true,
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
};

/**
 * axios's Node build imports form-data (with mime-db, some 160 KiB minified) for multipart bodies.
 * The client only ever sends the signed JSON bytes, so form-data is an empty class.
 */
const withoutFormData = {
  name: 'without-form-data',
  setup(build) {
    build.onResolve({ filter: /^form-data$/ }, () => ({ path: 'form-data', namespace: 'without-form-data' }));
    build.onLoad({ filter: /.*/, namespace: 'without-form-data' }, () => ({
      contents: 'module.exports = class FormData {};',
      loader: 'js',
    }));
  },
};

const nodeOptions = {
  ...common,
  entryPoints: nodeEntries,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode'],
  // jsonc-parser's UMD build requires its parts at run time, which a bundle cannot resolve: the ES build bundles.
  alias: { 'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js' },
  plugins: [withoutFormData],
  outdir: DIST,
};

const webviewOptions = {
  ...common,
  entryPoints: webviewEntries,
  platform: 'browser',
  format: 'iife',
  target: 'es2022',
  outdir: path.join(DIST, 'webview'),
  loader: { '.ttf': 'file' },
  assetNames: '[name]',
};

async function main() {
  if (watch) {
    for (const o of [nodeOptions, webviewOptions]) await (await esbuild.context(o)).watch();
    return;
  }
  const builds = await Promise.all([esbuild.build(nodeOptions), esbuild.build(webviewOptions)]);
  // What went into each file, named `dist/…` wherever it was built: for `npm run bench` and the bundle test.
  const outputs = {};
  for (const { metafile } of builds)
    for (const [file, output] of Object.entries(metafile.outputs))
      outputs[`dist/${path.relative(DIST, path.resolve(file)).split(path.sep).join('/')}`] = output;
  fs.writeFileSync(path.join(DIST, 'meta.json'), JSON.stringify({ outputs }));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
