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
 * The Node tools: the sandbox CLI, the status-change forwarder, the MCP server (shipped with the extension, which starts it as
 * a process of its own; the MCP SDK is in this file only) and the benchmark. Each one file, vscode not involved.
 */
const toolEntries = [
  { in: 'src/sandbox/cli.ts', out: 'sandbox' },
  { in: 'src/mcp/cli.ts', out: 'mcp' },
  { in: 'src/forward/cli.ts', out: 'forward' },
  { in: 'scripts/bench.ts', out: 'bench' },
];

/**
 * The extension: dist/extension.js is what activation loads; the parts it loads on first use are
 * their own files in dist/lazy/ (the sandbox; the client; request documents, with jsonc-parser; the account commands; the agent tools; forwarding; the Transactions filter's questions), loaded by a dynamic import()
 * where the code first needs them. Code both sides use is in one shared file, never twice (an
 * error class must be the same class everywhere). esbuild splits only ES modules, so the
 * extension is split as ES modules in memory, then each file is turned into CommonJS (the extension
 * host loads CommonJS; a dynamic import() becomes a require() of that file).
 */
const extensionEntries = [
  { in: 'src/extension.ts', out: 'extension' },
  { in: 'src/sandbox/index.ts', out: 'lazy/sandbox' },
  { in: 'src/api/client.ts', out: 'lazy/client' },
  { in: 'src/api/controlClient.ts', out: 'lazy/controlClient' },
  { in: 'src/features/requests/requestDocuments.ts', out: 'lazy/requests' },
  { in: 'src/features/accounts/accountCommands.ts', out: 'lazy/accountCommands' },
  { in: 'src/features/builtInSandbox/sandboxCommands.ts', out: 'lazy/sandboxCommands' },
  { in: 'src/features/pairLimits/createController.ts', out: 'lazy/pairLimits' },
  { in: 'src/features/forwardSession/forwarding.ts', out: 'lazy/forward' },
  { in: 'src/features/agentRegistration/languageModelTools.ts', out: 'lazy/agentTools' },
  { in: 'src/features/transactions/filterFlow.ts', out: 'lazy/filterFlow' },
  { in: 'src/features/lookup/hoverContent.ts', out: 'lazy/hoverContent' },
  { in: 'src/features/transactions/tooltip.ts', out: 'lazy/tooltip' },
  { in: 'src/features/watch/watchCommands.ts', out: 'lazy/watch' },
  { in: 'src/features/lookup/lookupCommand.ts', out: 'lazy/lookup' },
  { in: 'src/features/common/errorMessages.ts', out: 'lazy/errorMessages' },
  { in: 'src/features/transactions/transactionsPart.ts', out: 'lazy/transactions' },
  { in: 'src/features/common/statusPresentation.ts', out: 'lazy/statusPresentation' },
  { in: 'src/features/details/detailsProvider.ts', out: 'lazy/details' },
  { in: 'src/features/common/faultPresets.ts', out: 'lazy/faultPresets' },
  { in: 'src/features/details/statusNotes.ts', out: 'lazy/statusNotes' },
  { in: 'src/features/builtInSandbox/sandboxStart.ts', out: 'lazy/sandboxStart' },
  { in: 'src/features/common/timeFormats.ts', out: 'lazy/timeFormats' },
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
  outdir: path.join(DIST, 'webview'),
  loader: { '.ttf': 'file' },
  assetNames: '[name]',
  minify: production,
  sourcemap: true,
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
};

/** Where the split extension is written as ES modules before each file becomes CommonJS in dist/. */
const ESM_DIR = path.join(DIST, '.esm');

/**
 * A JSON file of the sources (the sandbox's catalogue of currencies, 56 KB) is bundled as its text,
 * read with JSON.parse when its file loads: V8 reads JSON text much faster than the same object
 * written as a JavaScript literal (esbuild's way), which it must parse as code first (plain Node 20,
 * the catalogue alone: 2 to 4 ms against 4 to 16).
 */
const jsonAsText = {
  name: 'json-as-text',
  setup(build) {
    build.onLoad({ filter: /\.json$/ }, (args) => {
      if (path.relative(path.join(__dirname, 'src'), args.path).startsWith('..')) return undefined;
      const text = JSON.stringify(JSON.parse(fs.readFileSync(args.path, 'utf8')));
      return { contents: `export default JSON.parse(${JSON.stringify(text)});`, loader: 'js' };
    });
  },
};

const nodeOptions = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  // jsonc-parser's UMD build requires its parts at run time, which a bundle cannot resolve: the ES build bundles.
  alias: { 'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js' },
  plugins: [jsonAsText],
  minify: production,
  sourcemap: true,
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
};

/** An output's path as dist/meta.json names it, `dist/…` wherever it was built; `esm`: of the ES build, named as its CommonJS file. */
const distName = (file, esm = false) =>
  `dist/${path
    .relative(esm ? ESM_DIR : DIST, path.resolve(file))
    .split(path.sep)
    .join('/')}`;

/**
 * A file of the extension loaded on first use is required, not imported: Node's import() of a
 * CommonJS file goes through its ES module loader (an asynchronous read, a scan of the whole file
 * for its exports) and took 1.7 to 2.5 times as long as require() of the same file in plain Node 20
 * (the sandbox's file: 65–73 ms against 38–39). Each `import("./x.js")` of the extension's own files
 * becomes `__load("./x.js")`, the same length (the source map's columns stay true), and the file
 * gets `__load`, which requires the file a moment later, as import() did (what the caller does
 * next, such as asking for a secret, starts first). esbuild's own lowering of import() would do it
 * with 34 more bytes at each place, which activation's bound has no room for.
 */
const LOADER = 'async function __load(p){await 0;return require(p)}';

function requiredNotImported(file) {
  const text = fs.readFileSync(file, 'utf8');
  let count = 0;
  const loaded = text.replace(/\bimport\(("\.\.?\/[^"]+\.js")\)/g, (_, name) => {
    count++;
    return `__load(${name})`;
  });
  if (count === 0) return;
  const mapAt = loaded.lastIndexOf('\n//# sourceMappingURL=');
  if (mapAt < 0) throw new Error(`${file}: no source map comment to put the loader before`);
  fs.writeFileSync(file, `${loaded.slice(0, mapAt)}\n${LOADER}${loaded.slice(mapAt)}`);
}

/**
 * Each `import * as vscode from 'vscode'` of a source file becomes, in the CommonJS files,
 * `__toESM(require("vscode"))`: a new object with a getter for every one of the API's some 200
 * members, made again for every source file that imports vscode (78 of them). Timed in the host,
 * that copying was about 35 ms of every activation (the bundle's load: 60 ms with it, 25 without).
 * The extension reads the API only as a namespace (`vscode.window`, never a default export), which
 * the API object is: each such call is made a plain `require("vscode")`, the helper's name replaced
 * by as many spaces (the source map's columns stay true). The bundle test holds that none is left.
 */
function vscodeRequiredBare(file) {
  const text = fs.readFileSync(file, 'utf8');
  // esbuild's helper, minified or not: `__toESM = (mod, isNodeMode, target) => (target = mod != null ? …`.
  const helper = /(?:var |,)([\w$]+) ?= ?\(([\w$]+), ?[\w$]+, ?([\w$]+)\) ?=> ?\(\3 ?= ?\2 ?!= ?null ?\?/.exec(
    text,
  )?.[1];
  if (!helper) return;
  const call = new RegExp(`(?<![\\w$])${helper.replace(/\$/g, '\\$')}\\(require\\("vscode"\\)\\)`, 'g');
  const bare = text.replace(call, () => `${' '.repeat(helper.length)}(require("vscode"))`);
  if (bare !== text) fs.writeFileSync(file, bare);
}

/** After each build of the split extension: every file to CommonJS in dist/ (source maps carried on), its metafile too. */
const commonJs = {
  name: 'to-commonjs',
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length > 0 || !result.metafile) return;
      fs.rmSync(path.join(DIST, 'lazy'), { recursive: true, force: true });
      const files = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
      await esbuild.build({
        entryPoints: files,
        outbase: ESM_DIR,
        outdir: DIST,
        format: 'cjs',
        platform: 'node',
        target: 'node20',
        minify: production,
        sourcemap: true,
        sourcesContent: false,
        logLevel: 'warning',
      });
      for (const file of files) {
        requiredNotImported(path.join(DIST, path.relative(ESM_DIR, file)));
        vscodeRequiredBare(path.join(DIST, path.relative(ESM_DIR, file)));
      }
    });
  },
};

/**
 * In the extension's bundle, the client's barrel (src/api/index.ts) is read without its
 * re-exports of the client, its transport and the sandbox's control client: the features import error classes and helpers from
 * it, and esbuild splits files by what they import, not by what is used, so the barrel as written
 * would put the client's code back into the main bundle. The extension gets the client
 * through loadClient() (src/features/common/loadClient.ts); a feature importing ExchangeClient
 * from the barrel fails this build ("No matching export").
 */
const barrelWithoutClient = {
  name: 'barrel-without-client',
  setup(build) {
    const barrel = path.resolve('src', 'api', 'index.ts');
    build.onLoad({ filter: /[\\/]src[\\/]api[\\/]index\.ts$/ }, (args) => {
      if (args.path !== barrel) return undefined;
      const lines = fs.readFileSync(barrel, 'utf8').split('\n');
      const kept = lines.filter(
        (line) => !/^export \{[^}]*\} from '\.\/(client|transport|estimates|retry|controlClient)';/.test(line),
      );
      return { contents: kept.join('\n'), loader: 'ts' };
    });
  },
};

/**
 * Every file loaded on first use imports, first, what activation loaded already (src/extension.ts,
 * a side-effect import: nothing runs twice, it is loaded). esbuild splits code by which entries
 * reach it, so without this the code of activation would be cut into one shared file per set of
 * lazy parts using it (some 25 files, each with its own CommonJS preamble); with it, what
 * activation loads is a few shared files beside dist/extension.js (split only by which of the
 * pure-Node parts, the client, the control client and the sandbox, use them).
 */
const lazyImportsActivation = {
  name: 'lazy-imports-activation',
  setup(build) {
    const extension = path.resolve('src', 'extension.ts');
    // The features' lazy parts only: the client's, the control client's and the sandbox's files stay
    // pure Node (no vscode), loadable on their own (the bundle test runs the bundled client in Node).
    const lazy = new Set(
      extensionEntries
        .filter((e) => e.out.startsWith('lazy/') && e.in.startsWith('src/features/'))
        .map((e) => path.resolve(e.in)),
    );
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      if (!lazy.has(args.path)) return undefined;
      const text = fs.readFileSync(args.path, 'utf8');
      return { contents: `import ${JSON.stringify(extension)};\n${text}`, loader: 'ts' };
    });
  },
};

const extensionOptions = {
  ...nodeOptions,
  entryPoints: extensionEntries,
  format: 'esm',
  splitting: true,
  outdir: ESM_DIR,
  chunkNames: 'lazy/shared-[hash]',
  plugins: [jsonAsText, barrelWithoutClient, lazyImportsActivation, commonJs],
};

const toolOptions = { ...nodeOptions, entryPoints: toolEntries, format: 'cjs', outdir: DIST };

async function main() {
  if (watch) {
    for (const o of [extensionOptions, toolOptions, webviewOptions]) await (await esbuild.context(o)).watch();
    return;
  }
  const [extension, tools, webview] = await Promise.all([
    esbuild.build(extensionOptions),
    esbuild.build(toolOptions),
    esbuild.build(webviewOptions),
  ]);
  fs.rmSync(ESM_DIR, { recursive: true, force: true });
  // What went into each file (the extension's as CommonJS, with its size on disk), for `npm run bench` and the bundle test.
  const outputs = {
    ...renamedOutputs(extension.metafile, true),
    ...renamedOutputs(tools.metafile),
    ...renamedOutputs(webview.metafile),
  };
  fs.writeFileSync(path.join(DIST, 'meta.json'), JSON.stringify({ inputs: {}, outputs }));
}

function renamedOutputs(metafile, esm = false) {
  const outputs = {};
  for (const [file, output] of Object.entries(metafile.outputs)) {
    const name = distName(file, esm);
    const imports = output.imports.map((i) => (i.external ? i : { ...i, path: distName(i.path, esm) }));
    outputs[name] = { ...output, imports, bytes: fs.statSync(path.join(DIST, name.slice('dist/'.length))).size };
  }
  return outputs;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
