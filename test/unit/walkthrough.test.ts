// The "Exchange Tx Basics" walkthrough of the manifest: every step completes on an
// event that can happen (a command the extension contributes and registers, a view it
// contributes, a context key it sets), and every image it shows exists and goes into the .vsix.
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { pngSize } from '../../scripts/png';

const root = path.resolve(__dirname, '..', '..', '..');
const nls = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;

interface Step {
  id: string;
  title: string;
  description: string;
  media: { image?: Record<string, string> | string; altText?: string; svg?: string; markdown?: string };
  completionEvents?: string[];
}
interface Manifest {
  contributes: {
    commands: { command: string }[];
    views: Record<string, { id: string }[]>;
    walkthroughs?: { id: string; title: string; description: string; steps: Step[] }[];
  };
}
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join(dir, file));
}
const source = sourceFiles(path.join(root, 'src'))
  .map((file) => fs.readFileSync(file, 'utf8'))
  .join('\n');

/** The localized text of a manifest string (`%key%`). */
function text(value: string): string {
  const key = /^%([^%]+)%$/.exec(value)?.[1];
  assert.ok(key, `"${value}" is localized through package.nls.json`);
  const found = nls[key];
  assert.ok(found, `package.nls.json has "${key}"`);
  return found;
}

const walkthroughs = manifest.contributes.walkthroughs ?? [];
const steps = walkthroughs[0]?.steps ?? [];

describe('walkthrough', () => {
  it('is one walkthrough with the first-run steps in order', () => {
    assert.deepEqual(
      walkthroughs.map((w) => w.id),
      ['firstRun'],
    );
    assert.equal(text(walkthroughs[0]?.title ?? ''), 'Exchange Tx Basics');
    assert.deepEqual(
      steps.map((s) => s.id),
      ['sandbox', 'lookUp', 'watch', 'requests', 'pairLimits', 'account'],
    );
  });

  it('completes each step on the events written here', () => {
    assert.deepEqual(Object.fromEntries(steps.map((s) => [s.id, s.completionEvents])), {
      sandbox: ['onCommand:exchangeTx.exploreSandbox', 'onView:exchangeTx.transactions'],
      lookUp: ['onCommand:exchangeTx.getStatus', 'onContext:exchangeTx.lookedUp'],
      watch: ['onCommand:exchangeTx.watch', 'onContext:exchangeTx.watching'],
      requests: ['onCommand:exchangeTx.newRequest', 'onCommand:exchangeTx.sendRequest'],
      pairLimits: ['onCommand:exchangeTx.showPairLimits'],
      account: ['onContext:exchangeTx.hasAccounts'],
    });
  });

  it('completes each step on an event that can happen: a command contributed and registered, a view contributed, a context key the extension sets', () => {
    const commands = new Set(manifest.contributes.commands.map((c) => c.command));
    const views = new Set(
      Object.values(manifest.contributes.views)
        .flat()
        .map((v) => v.id),
    );
    for (const step of steps) {
      assert.ok(
        (step.completionEvents ?? []).length > 0,
        `${step.id} has a completion event (none: it completes when opened)`,
      );
      for (const event of step.completionEvents ?? []) {
        const [kind, name = ''] = event.split(/:(.*)/s);
        if (kind === 'onCommand') {
          assert.ok(commands.has(name), `${step.id}: ${name} is contributed`);
          // Registered by name, or as a key of a table of handlers; the packaged check sees every command registered for real.
          assert.ok(
            source.includes(`registerCommand('${name}'`) || source.includes(`'${name}': `),
            `${step.id}: ${name} is registered`,
          );
        } else if (kind === 'onView') {
          assert.ok(views.has(name), `${step.id}: the view ${name} is contributed`);
        } else if (kind === 'onContext') {
          assert.match(name, /^[\w.]+$/, `${step.id}: ${name} is one context key`);
          assert.ok(source.includes(`'setContext', '${name}'`), `${step.id}: the extension sets ${name}`);
        } else {
          assert.fail(`${step.id}: ${event} is not an event this walkthrough uses`);
        }
      }
    }
  });

  it('links only to commands the extension contributes', () => {
    const commands = new Set(manifest.contributes.commands.map((c) => c.command));
    for (const step of steps) {
      const links = [...text(step.description).matchAll(/\]\(command:([^)?]+)/g)].map((m) => m[1] ?? '');
      assert.ok(links.length > 0, `${step.id} has a button`);
      for (const link of links) assert.ok(commands.has(link), `${step.id}: ${link} is contributed`);
    }
  });

  it('shows a PNG for the light and the dark themes with alt text in every step, each in the .vsix', () => {
    const ignore = fs.readFileSync(path.join(root, '.vscodeignore'), 'utf8').split('\n');
    assert.ok(ignore.includes('!media/walkthrough/**'), 'the .vsix keeps media/walkthrough/');
    for (const step of steps) {
      const image = step.media.image;
      assert.ok(image && typeof image === 'object', `${step.id} has an image per theme`);
      assert.deepEqual(Object.keys(image).sort(), ['dark', 'hc', 'hcLight', 'light'], step.id);
      assert.ok(text(step.media.altText ?? '').length > 40, `${step.id} describes its image`);
      for (const file of Object.values(image)) {
        assert.match(file, /^media\/walkthrough\/[a-z-]+\.png$/, `${step.id}: ${file} is in media/walkthrough/`);
        const bytes = fs.readFileSync(path.join(root, file));
        assert.deepEqual(
          [...bytes.subarray(0, 8)],
          [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
          `${file} is a PNG`,
        );
        assert.ok(bytes.length < 200 * 1024, `${file} is ${bytes.length} bytes, under 200 KiB`);
      }
      assert.notEqual(image.dark, image.light, `${step.id}: the light theme has its own image`);
    }
  });

  it('shows pictures cut to their step, readable where VS Code shows them (a column about 400–600 px wide)', () => {
    // Saved at two pixels per CSS pixel (screenshots.test.ts): at most 640 × 560 CSS pixels of the
    // workbench each, so that its 13 px text is still about 10 px or more in a 500 px column.
    for (const step of steps) {
      const image = step.media.image ?? {};
      for (const file of new Set(typeof image === 'string' ? [image] : Object.values(image))) {
        const size = pngSize(fs.readFileSync(path.join(root, file)));
        assert.ok(size, `${file} is a PNG`);
        assert.ok(
          size.width <= 1280 && size.height <= 1120,
          `${file} is ${size.width}×${size.height}: cut it to what the step is about`,
        );
        assert.ok(
          size.width >= 400,
          `${file} is ${size.width} px wide: saved at two pixels per CSS pixel, it is at least 400`,
        );
      }
    }
  });
});
