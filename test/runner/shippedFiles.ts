// What the .vsix may and must carry, checked against the files `vsce ls` lists (its API,
// listFiles, with no dependencies: the bundle holds them) in the `packaged` step before the
// package is installed. `.vscodeignore` decides what goes in; these rules say what it must let in
// and what it must keep out, so that a line added to it (or a file added to the repository) cannot
// ship the sources, the tests, the developer docs, source maps or a key unseen.

/** The parts of the manifest that name files the extension needs at run time. */
export interface ShippedManifest {
  readonly main?: string;
  readonly icon?: string;
  readonly l10n?: string;
  readonly contributes?: {
    readonly viewsContainers?: Record<string, readonly { readonly icon?: string }[]>;
    readonly jsonValidation?: readonly { readonly url: string }[];
    readonly languages?: readonly { readonly configuration?: string }[];
    readonly grammars?: readonly { readonly path: string }[];
    readonly chatSkills?: readonly { readonly path: string }[];
    readonly chatInstructions?: readonly { readonly path: string }[];
    readonly walkthroughs?: readonly {
      readonly steps: readonly {
        readonly media?: { readonly image?: unknown; readonly markdown?: string; readonly svg?: string };
      }[];
    }[];
  };
}

/** Files every package carries whatever the manifest says (dist/extension.js: main; dist/mcp.js: the MCP provider starts it). */
const ALWAYS = [
  'dist/extension.js',
  'dist/mcp.js',
  'package.json',
  'package.nls.json',
  'README.md',
  'CHANGELOG.md',
  'LICENSE',
  'dist/webview/pairLimits.js',
  'dist/webview/pairLimits.css',
];

/** What may ship: the bundles, the manifest and its strings, media, schemas, grammars, translations, the user docs. */
const ALLOWED: readonly RegExp[] = [
  /^package\.json$/,
  /^package\.nls(\.[a-z-]+)?\.json$/,
  /^(README|CHANGELOG)\.md$/,
  /^LICENSE$/,
  /^dist\/(extension|mcp)\.js$/,
  /^dist\/webview\/[A-Za-z0-9_-]+\.(js|css|ttf)$/,
  /^media\/[a-z0-9-]+\.(png|svg)$/,
  /^media\/walkthrough\/[a-z0-9-]+\.(png|svg|md)$/,
  /^media\/agents\/[a-z0-9-]+\/[A-Za-z0-9-]+\.md$/,
  /^schemas\/[a-z0-9-.]+\.json$/,
  /^syntaxes\/[A-Za-z0-9-.]+\.json$/,
  /^l10n\/bundle\.l10n(\.[a-z-]+)?\.json$/,
];

/** What must never ship, with the reason said when a file matches. */
const FORBIDDEN: readonly { readonly pattern: RegExp; readonly why: string }[] = [
  { pattern: /\.map$/, why: 'a source map (left out: see docs/testing.md)' },
  { pattern: /^(src|test|out|scripts|\.ci)\//, why: 'source, tests or build output' },
  { pattern: /^packages\//, why: 'another product of the repository (the sandbox package ships on its own)' },
  { pattern: /^docs\/|^CONTRIBUTING\.md$/, why: 'developer documentation (linked from the README instead)' },
  { pattern: /(^|\/)node_modules\//, why: 'node_modules (the bundle holds the dependencies)' },
  {
    pattern: /^\.(vscode-test|vscode|test-output|stryker-tmp|git)\/|^reports\//,
    why: 'test hosts, editor settings or reports',
  },
  { pattern: /^media\/screenshots\//, why: "the README's pictures (the Marketplace loads them from the repository)" },
  {
    pattern: /(^|\/)\.env(\..*)?$|\.env$|\.(pem|key|hex|p12|pfx)$|(^|\/)(sandbox-key|ledger)[^/]*$/i,
    why: 'a key, an environment file or a sandbox state',
  },
  { pattern: /\.vsix$/, why: 'a package' },
  { pattern: /\.ts$/, why: 'TypeScript source' },
];

/** The files the manifest names (main, icons, walkthrough media, schemas, grammars, translations). */
export function requiredFiles(manifest: ShippedManifest): string[] {
  const clean = (file: string) => file.replace(/^\.\//, '');
  const named: string[] = [...ALWAYS];
  if (manifest.main) named.push(manifest.main);
  if (manifest.icon) named.push(manifest.icon);
  if (manifest.l10n) named.push(`${manifest.l10n.replace(/\/$/, '')}/bundle.l10n.json`);
  for (const containers of Object.values(manifest.contributes?.viewsContainers ?? {}))
    for (const c of containers) if (c.icon) named.push(c.icon);
  for (const v of manifest.contributes?.jsonValidation ?? []) named.push(v.url);
  for (const language of manifest.contributes?.languages ?? [])
    if (language.configuration) named.push(language.configuration);
  for (const grammar of manifest.contributes?.grammars ?? []) named.push(grammar.path);
  for (const guide of [...(manifest.contributes?.chatSkills ?? []), ...(manifest.contributes?.chatInstructions ?? [])])
    named.push(guide.path);
  for (const walkthrough of manifest.contributes?.walkthroughs ?? []) {
    for (const { media } of walkthrough.steps) {
      const image = media?.image;
      if (typeof image === 'string') named.push(image);
      else if (typeof image === 'object' && image !== null)
        named.push(...Object.values(image).filter((v): v is string => typeof v === 'string'));
      if (media?.markdown) named.push(media.markdown);
      if (media?.svg) named.push(media.svg);
    }
  }
  return [...new Set(named.map(clean))].sort();
}

/** What is wrong with the list of files a package carries: each problem a sentence; none when it is right. */
export function shippedFileProblems(files: readonly string[], manifest: ShippedManifest): string[] {
  const problems: string[] = [];
  const shipped = new Set(files.map((f) => f.replace(/\\/g, '/')));
  for (const file of requiredFiles(manifest))
    if (!shipped.has(file)) problems.push(`${file} is missing (the extension needs it)`);
  for (const file of [...shipped].sort()) {
    const forbidden = FORBIDDEN.find((rule) => rule.pattern.test(file));
    if (forbidden) problems.push(`${file} must not ship: ${forbidden.why}`);
    else if (!ALLOWED.some((pattern) => pattern.test(file)))
      problems.push(`${file} is not among the files a package may carry (test/runner/shippedFiles.ts)`);
  }
  return problems;
}
