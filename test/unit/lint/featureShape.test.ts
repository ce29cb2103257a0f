import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

/**
 * One shape for a feature (CONTRIBUTING.md, "The shape of a feature"): every folder of
 * src/features has an index.ts exporting `register(context: vscode.ExtensionContext, services:
 * Services)`, and src/extension.ts imports that function alone from each index.
 */
const ROOT = path.resolve(__dirname, '../../../..');
const FEATURES = path.join(ROOT, 'src', 'features');

const features = fs
  .readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'common')
  .map((entry) => entry.name)
  .sort();

function sourceOf(file: string): ts.SourceFile {
  return ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

function exported(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

describe('the shape of a feature', () => {
  it('finds the feature folders', () => {
    assert.ok(features.length >= 10, features.join(', '));
  });

  it('src/features/common is no feature: it registers nothing, and no file lives beside the folders', () => {
    const common = path.join(FEATURES, 'common');
    assert.ok(fs.statSync(common).isDirectory(), 'src/features/common is a folder');
    for (const file of fs.readdirSync(common).filter((name) => name.endsWith('.ts'))) {
      const register = sourceOf(path.join(common, file)).statements.some(
        (s) => ts.isFunctionDeclaration(s) && s.name?.text === 'register' && exported(s),
      );
      assert.ok(!register, `src/features/common/${file} exports no register()`);
    }
    const loose = fs
      .readdirSync(FEATURES, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
    assert.deepEqual(loose, [], 'the files every feature shares are in src/features/common');
  });

  for (const feature of features) {
    it(`src/features/${feature}/index.ts exports register(context, services: Services)`, () => {
      const file = path.join(FEATURES, feature, 'index.ts');
      assert.ok(fs.existsSync(file), `src/features/${feature} has an index.ts`);
      const source = sourceOf(file);
      const register = source.statements.find(
        (s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && s.name?.text === 'register' && exported(s),
      );
      assert.ok(register, 'it exports a function register');
      assert.deepEqual(
        register.parameters.map((p) => `${p.name.getText(source)}: ${p.type?.getText(source)}`),
        ['context: vscode.ExtensionContext', 'services: Services'],
      );
    });
  }

  it("src/extension.ts registers every feature through its index's register (the parts it builds come from their files)", () => {
    const source = sourceOf(path.join(ROOT, 'src', 'extension.ts'));
    const registered: string[] = [];
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const match = /^\.\/features\/([^/]+)(\/.*)?$/.exec(statement.moduleSpecifier.text);
      if (!match || !features.includes(match[1] ?? '')) continue;
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const values =
        clause?.namedBindings && ts.isNamedImports(clause.namedBindings)
          ? clause.namedBindings.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text)
          : [];
      if (match[2] === undefined) {
        assert.deepEqual(values, ['register'], statement.getText(source));
        registered.push(match[1] ?? '');
      }
    }
    assert.deepEqual(registered.sort(), features);
  });
});
