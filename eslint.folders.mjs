// @ts-check
/**
 * What each folder of src and the sandbox package may import: the folder map of CONTRIBUTING.md,
 * as the lint's one table. The rule `exchange-tx/folder-imports` resolves every import, export-from
 * and import() of a file in src or packages/sandbox/src (relative paths to the folder they reach,
 * bare names to their package) and reports what its folder may not import. Tests and scripts are
 * not checked.
 */
import { readdirSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import * as path from 'node:path';

const ROOT = import.meta.dirname;
const SRC = path.join(ROOT, 'src');
/** The sandbox package's code: the folder `sandbox` of the map. */
const SANDBOX = path.join(ROOT, 'packages', 'sandbox', 'src');
/** What code outside the package may import of it: its index, and the list of methods it serves. */
const SANDBOX_ENTRIES = ['index', 'methods'];
const NODE = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** The folders below the features: pure code (`src/features/common` is the features' own shared folder). */
const BELOW_FEATURES = ['api', 'sandbox', 'shared', 'agents', 'mcp', 'forward', 'store', 'documents'];

/** The features: every folder of src/features but `common`, which they share. */
const FEATURES = readdirSync(path.join(SRC, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'common')
  .map((entry) => entry.name);

/**
 * @typedef {object} FolderRule
 * @property {readonly string[]} folders the folders of src it may import (its own always)
 * @property {readonly string[]} [typeFolders] folders it may import types from only
 * @property {readonly string[] | 'any'} packages the npm packages it may import
 * @property {readonly string[] | boolean} node Node's modules: all, none, or these
 * @property {string} why the map's words, said when an import is refused
 */

/** @type {Record<string, FolderRule>} */
export const FOLDER_RULES = {
  api: {
    folders: ['shared'],
    packages: ['valibot', 'axios'],
    node: true,
    why: 'src/api is pure Node: src/shared, Node, valibot and axios; never vscode',
  },
  sandbox: {
    folders: ['api', 'shared', 'forward'],
    packages: ['write-file-atomic'],
    node: true,
    why: 'packages/sandbox is pure Node: src/api, src/shared, src/forward, Node and write-file-atomic; never vscode',
  },
  documents: {
    folders: ['shared', 'sandbox'],
    packages: ['jsonc-parser'],
    node: ['crypto', 'node:crypto'],
    why: "src/documents is the request documents' format and operations, pure: src/shared, the sandbox's method list, jsonc-parser and Node's crypto; never vscode",
  },
  shared: {
    folders: [],
    typeFolders: ['api'],
    packages: ['valibot'],
    node: ['crypto', 'node:crypto'],
    why: "src/shared is shared by the extension, the client and the page: types of src/api, valibot and Node's crypto; never vscode",
  },
  agents: {
    folders: ['api', 'shared'],
    packages: [],
    node: false,
    why: 'src/agents is pure: src/api and src/shared only',
  },
  mcp: {
    folders: ['agents', 'api', 'sandbox', 'shared'],
    packages: ['@modelcontextprotocol/sdk'],
    node: true,
    why: 'src/mcp is pure Node: src/agents, src/api, packages/sandbox, src/shared, the MCP SDK and Node; never vscode',
  },
  forward: {
    folders: ['api', 'shared'],
    packages: ['write-file-atomic'],
    node: true,
    why: 'src/forward is pure Node: src/api, src/shared, Node and write-file-atomic; never vscode',
  },
  store: {
    folders: ['api', 'shared'],
    packages: [],
    node: false,
    why: 'src/store holds records only: src/api and src/shared; never vscode',
  },
  webview: {
    folders: ['shared'],
    typeFolders: ['api', 'features', 'sandbox', 'store'],
    packages: ['@vscode-elements/elements', '@vscode/codicons'],
    node: false,
    why: 'src/webview runs in the browser and never calls the network: src/shared and browser packages (types of the others); no vscode, no Node',
  },
  features: {
    folders: [],
    packages: [],
    node: false,
    why: 'no file lives at the root of src/features: a feature has its folder, and what features share is in src/features/common',
  },
  'features/common': {
    folders: BELOW_FEATURES,
    typeFolders: FEATURES.map((name) => `features/${name}`),
    packages: 'any',
    node: true,
    why: 'src/features/common is what the features share that needs vscode: everything below the features, any package and vscode; types only of the feature folders',
  },
  extension: {
    folders: [...BELOW_FEATURES, 'features/common', ...FEATURES.map((name) => `features/${name}`)],
    packages: 'any',
    node: true,
    why: 'src/extension.ts wires everything',
  },
  ...Object.fromEntries(
    FEATURES.map((name) => [
      `features/${name}`,
      {
        folders: [...BELOW_FEATURES, 'features/common'],
        typeFolders: FEATURES.map((other) => `features/${other}`),
        packages: 'any',
        node: true,
        why: `src/features/${name} may import everything below the features, src/features/common and vscode; of another feature only types (the services hand it the objects)`,
      },
    ]),
  ),
};

/** Whether `file` lies inside `dir`. */
function isInside(dir, file) {
  const relative = path.relative(dir, file);
  return !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** The folder of the map a file belongs to: `api`, `sandbox`, `features/lookup`, `features/common`, `features` (a file at its root), `extension`. */
export function folderOf(file) {
  if (isInside(SANDBOX, file)) return 'sandbox';
  const relative = path.relative(SRC, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const parts = relative.split(path.sep);
  if (parts.length === 1) return parts[0].replace(/\.ts$/, '');
  if (parts[0] === 'features')
    return parts.length > 2 || isDirectory(path.join(SRC, 'features', parts[1])) ? `features/${parts[1]}` : 'features';
  return parts[0];
}

/** Whether `dir` is a folder (an import of a feature's index names the folder). */
function isDirectory(dir) {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** How the map's words name a folder: its path in the repository. */
function nameOf(folder) {
  if (folder === 'extension') return 'src/extension.ts';
  return folder === 'sandbox' ? 'packages/sandbox' : `src/${folder}`;
}

/** Whether a resolved path is one of the sandbox package's entries (a folder import names its index). */
function isSandboxEntry(target) {
  return SANDBOX_ENTRIES.includes(path.relative(SANDBOX, target).replace(/\.(ts|js)$/, '') || 'index');
}

/** The package a bare import names: `@scope/name` or `name`. */
function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Why `file` may not import `specifier`, or undefined when it may.
 * @param {string} file absolute path of the importing file
 * @param {string} specifier as written
 * @param {boolean} typeOnly whether only types are imported
 */
export function importProblem(file, specifier, typeOnly) {
  const own = folderOf(file);
  const rule = own === undefined ? undefined : FOLDER_RULES[own];
  if (rule === undefined) return undefined;
  if (specifier.startsWith('.')) {
    const resolved = path.resolve(path.dirname(file), specifier);
    const target = folderOf(resolved);
    if (target === undefined || target === own) return undefined;
    const allowed = rule.folders.includes(target) || (typeOnly && rule.typeFolders?.includes(target));
    if (!allowed) return `${nameOf(target)} is not for ${nameOf(own)}: ${rule.why}.`;
    if (target === 'sandbox' && !isSandboxEntry(resolved))
      return `${nameOf(own)} imports packages/sandbox through its entries only (src/index.ts, src/methods.ts), not ${specifier}.`;
    return undefined;
  }
  if (NODE.has(specifier) || NODE.has(specifier.split('/')[0])) {
    if (rule.node === true || (Array.isArray(rule.node) && rule.node.includes(specifier))) return undefined;
    return `Node's ${specifier} is not for ${nameOf(own)}: ${rule.why}.`;
  }
  const name = packageOf(specifier);
  if (rule.packages === 'any' || rule.packages.includes(name)) return undefined;
  return `${name} is not for ${nameOf(own)}: ${rule.why}.`;
}

/** Whether an import or export declaration brings in types only. */
function onlyTypes(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

/** @type {import('eslint').Rule.RuleModule} */
const folderImports = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Each folder of src and the sandbox package imports only what the folder map of CONTRIBUTING.md allows it.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const check = (node, source, typeOnly) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const problem = importProblem(file, source.value, typeOnly);
      if (problem !== undefined) context.report({ node: source, message: problem });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source, onlyTypes(node)),
      ExportNamedDeclaration: (node) => check(node, node.source, onlyTypes(node)),
      ExportAllDeclaration: (node) => check(node, node.source, onlyTypes(node)),
      ImportExpression: (node) => check(node, node.source, false),
      TSImportType: (node) =>
        check(node, node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument, true),
    };
  },
};

export const folderImportsPlugin = { rules: { 'folder-imports': folderImports } };
