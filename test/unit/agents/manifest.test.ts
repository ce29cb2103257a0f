/**
 * The manifest's `languageModelTools` are the agent tools of src/agents, entry for entry (name,
 * model description, input schema; the display name is the tool's title), each referencable in
 * chat by a unique name; the agent guide the manifest contributes is shipped in the package.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { AGENT_TOOLS } from '../../../src/agents';
import {
  manifestToolEntries,
  manifestToolSets,
  SANDBOX_ONLY_WHEN,
} from '../../../src/features/agentRegistration/toolManifest';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const nls = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;

interface ToolEntry {
  name: string;
  toolReferenceName: string;
  displayName: string;
  userDescription: string;
  modelDescription: string;
  canBeReferencedInPrompt: boolean;
  icon: string;
  when?: string;
  inputSchema: unknown;
}

interface Manifest {
  contributes: {
    languageModelTools: ToolEntry[];
    languageModelToolSets?: { name: string; description: string; tools: string[] }[];
    chatSkills?: { path: string }[];
    chatInstructions?: { path: string }[];
  };
}

const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;

function localized(value: string): string {
  const key = /^%(.+)%$/.exec(value)?.[1];
  assert.ok(key, `${value} is a %key% of package.nls.json`);
  const text = nls[key];
  assert.ok(text, `package.nls.json has ${key}`);
  return text;
}

describe('manifest: language-model tools', () => {
  const entries = manifest.contributes.languageModelTools;

  it('contributes exactly the agent tools, in order, with their descriptions and schemas', () => {
    assert.deepEqual(
      entries.map((e) => e.name),
      AGENT_TOOLS.map((t) => t.name),
    );
    for (const tool of AGENT_TOOLS) {
      const entry = entries.find((e) => e.name === tool.name);
      assert.ok(entry);
      assert.equal(entry.modelDescription, tool.description, tool.name);
      assert.deepEqual(entry.inputSchema, JSON.parse(JSON.stringify(tool.inputSchema)), tool.name);
      assert.equal(localized(entry.displayName), tool.title, tool.name);
    }
  });

  it('is what npm run generate writes from the tool table: sandbox-only tools offered only on the sandbox, one tool set of all', () => {
    assert.deepEqual(entries, manifestToolEntries(), 'run npm run generate');
    assert.deepEqual(manifest.contributes.languageModelToolSets, manifestToolSets(), 'run npm run generate');
    for (const tool of AGENT_TOOLS) {
      const entry: ToolEntry | undefined = entries.find((e) => e.name === tool.name);
      assert.equal(entry?.when, tool.sandboxOnly ? SANDBOX_ONLY_WHEN : undefined, tool.name);
    }
    assert.equal(SANDBOX_ONLY_WHEN, 'exchangeTx.environment != live');
    const [set] = manifest.contributes.languageModelToolSets ?? [];
    assert.deepEqual(
      set?.tools,
      entries.map((e) => e.toolReferenceName),
    );
    assert.ok(localized(set?.description ?? '').length > 20);
    for (const entry of entries) assert.match(entry.modelDescription, / Not for: .+ Example: \{/s, entry.name);
  });

  it('lets each be referenced in chat by a unique #name, with a user description and a codicon', () => {
    const references = entries.map((e) => e.toolReferenceName);
    assert.equal(new Set(references).size, references.length);
    for (const entry of entries) {
      assert.match(entry.toolReferenceName, /^exchangeTx[A-Z][A-Za-z]+$/);
      assert.equal(entry.canBeReferencedInPrompt, true);
      assert.match(entry.icon, /^\$\([a-z-]+\)$/);
      const description = localized(entry.userDescription);
      assert.ok(description.length > 20 && description.length < 120, description);
    }
    for (const entry of entries.filter((e) => AGENT_TOOLS.find((t) => t.name === e.name)?.changesState)) {
      assert.match(localized(entry.userDescription), /sandbox.*never on an account/, entry.name);
    }
  });

  it('ships the agent guide it contributes as a skill and as chat instructions', () => {
    const paths = [...(manifest.contributes.chatSkills ?? []), ...(manifest.contributes.chatInstructions ?? [])].map(
      (c) => c.path,
    );
    assert.deepEqual(paths, ['./media/agents/exchange-tx/SKILL.md', './media/agents/exchange-tx/SKILL.md']);
    const guide = fs.readFileSync(path.join(root, 'media/agents/exchange-tx/SKILL.md'), 'utf8');
    // A skill's folder is its name; its front matter names it and says when to use it.
    const front = /^---\nname: (.+)\ndescription: (.+)\n---\n/.exec(guide);
    assert.ok(front, 'front matter with name and description');
    assert.equal(front[1], 'exchange-tx');
    assert.ok((front[2] ?? '').length <= 1024);
    for (const tool of AGENT_TOOLS) assert.ok(guide.includes(`\`${tool.name}\``), `the guide names ${tool.name}`);
    for (const word of ['getFixRateForAmount', 'createFixTransaction', 'rate id', 'hold', 'payTill'])
      assert.ok(guide.includes(word), word);
    const ignore = fs.readFileSync(path.join(root, '.vscodeignore'), 'utf8').split('\n');
    assert.ok(ignore.includes('!media/agents/**'), 'the .vsix keeps media/agents/');
  });
});
