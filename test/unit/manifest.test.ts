import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { pngSize } from '../../scripts/png';

const root = path.resolve(__dirname, '..', '..', '..');
const manifestText = fs.readFileSync(path.join(root, 'package.json'), 'utf8');
const nls = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;

interface Manifest {
  icon?: string;
  categories?: string[];
  keywords?: string[];
  galleryBanner?: { color?: string; theme?: string };
  contributes: {
    commands: { command: string; title: string; category?: string }[];
    configuration: { properties: Record<string, { scope?: string }> };
    jsonValidation?: { fileMatch: string; url: string }[];
    views: Record<string, { id: string }[]>;
    menus: { commandPalette: { command: string; when?: string }[] };
    viewsContainers: { activitybar: { id: string; icon: string }[] };
  };
  capabilities?: { untrustedWorkspaces?: { supported?: unknown; restrictedConfigurations?: string[] } };
}
const manifest = JSON.parse(manifestText) as Manifest;

describe('manifest', () => {
  it('every %key% of the manifest is in package.nls.json, and every key there is used', () => {
    const used = new Set([...manifestText.matchAll(/"%([^%"]+)%"/g)].map((m) => m[1] ?? ''));
    for (const key of used) assert.ok(key in nls, `package.nls.json lacks "${key}"`);
    for (const key of Object.keys(nls)) assert.ok(used.has(key), `package.nls.json has unused "${key}"`);
  });

  it('names commands exchangeTx.* in the Exchange Tx category, settings exchangeTx.*', () => {
    for (const command of manifest.contributes.commands) {
      assert.match(command.command, /^exchangeTx\.[a-zA-Z.]+$/);
      assert.equal(command.category, '%category%');
      assert.match(command.title, /^%command\./);
    }
    assert.equal(nls.category, 'Exchange Tx');
    for (const key of Object.keys(manifest.contributes.configuration.properties)) assert.match(key, /^exchangeTx\./);
  });

  it('ships the request schema it contributes, for *.exchange.json', () => {
    const validation = manifest.contributes.jsonValidation ?? [];
    assert.deepEqual(
      validation.map((v) => v.fileMatch),
      ['*.exchange.json'],
    );
    for (const { url } of validation) {
      assert.ok(fs.existsSync(path.join(root, url)), `${url} exists`);
      assert.ok(JSON.parse(fs.readFileSync(path.join(root, url), 'utf8')), `${url} is JSON`);
    }
    const ignore = fs.readFileSync(path.join(root, '.vscodeignore'), 'utf8').split('\n');
    assert.ok(ignore.includes('!schemas/**'), 'the .vsix keeps schemas/');
  });

  it('names no command as VS Code names the commands of a view (<view id>.focus, .open…)', () => {
    const viewCommands = new Set(
      Object.values(manifest.contributes.views)
        .flat()
        .flatMap((view) =>
          ['focus', 'open', 'removeView', 'resetViewLocation', 'toggleVisibility'].map(
            (suffix) => `${view.id}.${suffix}`,
          ),
        ),
    );
    assert.deepEqual(
      manifest.contributes.commands.map((c) => c.command).filter((c) => viewCommands.has(c)),
      [],
    );
  });

  it('shows in the palette the commands a user types the name of, so a near name does not run instead', () => {
    const hidden = manifest.contributes.menus.commandPalette.filter((m) => m.when === 'false').map((m) => m.command);
    for (const command of [
      'exchangeTx.showDetails',
      'exchangeTx.getStatus',
      'exchangeTx.sandbox.faults',
      'exchangeTx.sandbox.clearFaults',
    ]) {
      assert.ok(!hidden.includes(command), `${command} is hidden from the palette`);
    }
  });

  it('titles the faults commands so that "Sandbox: Faults" + Enter never finds the clearing one (no word of its title starts with "Faults")', () => {
    assert.equal(nls['command.sandbox.faults'], 'Sandbox: Faults…');
    const clearing = nls['command.sandbox.clearFaults'] ?? '';
    assert.equal(clearing, 'Sandbox: Stop Fault Injection');
    assert.ok(
      !clearing
        .toLowerCase()
        .split(/[^a-z]+/)
        .some((word) => word.startsWith('faults')),
      clearing,
    );
    assert.ok(!clearing.toLowerCase().includes('sandbox: faults'), clearing);
  });

  it('lets no workspace decide where requests go or what code runs, and lists every other setting a workspace could set for Restricted Mode', () => {
    const properties = manifest.contributes.configuration.properties;
    // Addresses and patterns: only the user's own settings count.
    for (const key of ['exchangeTx.baseUrl', 'exchangeTx.hover.idPattern'])
      assert.equal(properties[key]?.scope, 'application', key);
    const trust = manifest.capabilities?.untrustedWorkspaces;
    assert.equal(trust?.supported, 'limited');
    const windowScoped = Object.entries(properties)
      .filter(
        ([, p]) =>
          p.scope === undefined || p.scope === 'window' || p.scope === 'resource' || p.scope === 'language-overridable',
      )
      .map(([key]) => key)
      .sort();
    assert.deepEqual([...(trust?.restrictedConfigurations ?? [])].sort(), windowScoped);
  });

  it('has a 128×128 PNG icon of its own', () => {
    assert.equal(manifest.icon, 'media/icon.png');
    const file = path.join(root, manifest.icon);
    assert.deepEqual(pngSize(fs.readFileSync(file)), { width: 128, height: 128 });
    // Drawn from its source by `npm run icons`.
    assert.ok(fs.existsSync(path.join(root, 'media/icon.svg')), 'media/icon.svg, its source');
  });

  it('gives the activity bar a monochrome 24×24 SVG that follows the theme', () => {
    const [container] = manifest.contributes.viewsContainers.activitybar;
    assert.ok(container, 'a view container in the activity bar');
    assert.match(container.icon, /^media\/[a-z-]+\.svg$/);
    const svg = fs.readFileSync(path.join(root, container.icon), 'utf8');
    assert.match(svg, /viewBox="0 0 24 24"/);
    // One colour, the theme's: VS Code draws activity-bar icons as a mask in its own colour.
    const colours = new Set([...svg.matchAll(/(?:fill|stroke)="([^"]+)"/g)].map((m) => m[1]));
    for (const colour of colours) assert.ok(colour === 'currentColor' || colour === 'none', `colour ${colour ?? ''}`);
  });

  it("is found by what a user searches for: categories of VS Code's list, keywords, a gallery banner", () => {
    const allowed = [
      'AI',
      'Azure',
      'Chat',
      'Data Science',
      'Debuggers',
      'Education',
      'Extension Packs',
      'Formatters',
      'Keymaps',
      'Language Packs',
      'Linters',
      'Machine Learning',
      'Notebooks',
      'Other',
      'Programming Languages',
      'SCM Providers',
      'Snippets',
      'Testing',
      'Themes',
      'Visualization',
    ];
    const categories = manifest.categories ?? [];
    assert.ok(
      categories.some((c) => c !== 'Other'),
      `a category besides Other: ${categories.join(', ')}`,
    );
    for (const category of categories) assert.ok(allowed.includes(category), category);
    const keywords = manifest.keywords ?? [];
    // vsce refuses more than 30.
    assert.ok(keywords.length >= 5 && keywords.length <= 30, `${keywords.length} keywords`);
    assert.equal(new Set(keywords).size, keywords.length, 'no keyword twice');
    for (const word of ['exchange', 'crypto', 'json-rpc', 'sandbox']) assert.ok(keywords.includes(word), word);
    for (const word of ['changelly', 'changelly api']) assert.ok(keywords.includes(word), word);
    assert.match(manifest.galleryBanner?.color ?? '', /^#[0-9a-f]{6}$/i);
    assert.ok(['dark', 'light'].includes(manifest.galleryBanner?.theme ?? ''), 'the banner names its theme');
  });

  it("names the service in the README's first lines, and says the extension is not affiliated with it", () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const opening = readme.split('\n').slice(0, 6).join(' ');
    assert.match(opening, /Changelly's v2 exchange API/);
    assert.match(readme.split('## ')[0] ?? '', /not affiliated with it/);
    assert.match(nls.description ?? '', /Changelly's v2 API.*Not affiliated with Changelly/);
  });
});
