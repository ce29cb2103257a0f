/**
 * The language-model tools in the real host: every tool registered and invoked through
 * `vscode.lm.invokeTool` against the built-in sandbox (the result names the target and carries
 * the record), the confirmation VS Code asks for before create/pay/move, the refusal on a live account (a second sandbox
 * posing as the service: nothing reaches it), and the rate limit held while the Transactions
 * view refreshes.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { AGENT_TOOLS } from '../../../src/agents';
import type { ExchangeTxApi } from '../../../src/extension';
import { SANDBOX_CONTROL_PATH } from '../../../src/shared/controlProtocol';
import type { ControlTransaction } from '../../../src/shared/controlProtocol';
import { startSandbox } from '../../../packages/sandbox/src';
import type { Sandbox } from '../../../packages/sandbox/src';
import { noteSignature, registeredKeys } from '../../secrets/registry';
import { addAccount, eventually, extensionApi, resetEnvironment } from '../support/extension';
import { useBuiltInSandbox, withSetting } from '../support/lookupHelpers';

const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');

interface Invoked {
  readonly text: string;
  readonly data: Record<string, unknown>;
}

/** The two text parts of a tool result: the compact text and the JSON data. */
function partsOf(result: vscode.LanguageModelToolResult): Invoked {
  const texts = result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : undefined));
  assert.equal(texts.length, 2, 'a text part and a JSON part');
  const [text, json] = texts;
  assert.ok(text !== undefined && json !== undefined, 'both parts are text');
  return { text, data: JSON.parse(json) as Record<string, unknown> };
}

async function invoke(name: string, input: object, token?: vscode.CancellationToken): Promise<Invoked> {
  return partsOf(await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, token));
}

function textOf(message: string | vscode.MarkdownString | undefined): string {
  return typeof message === 'string' ? message : (message?.value ?? '');
}

describe('agent tools (vscode.lm)', function () {
  this.timeout(90_000);
  let api: ExchangeTxApi;
  let sandbox: Sandbox;

  before(async () => {
    api = await extensionApi();
    await resetEnvironment(api);
    sandbox = await useBuiltInSandbox(api);
  });
  after(async () => {
    await resetEnvironment(api);
  });

  it('registers every tool of the manifest, with its schema, in vscode.lm.tools (all of them on the sandbox)', () => {
    const registered = new Map(vscode.lm.tools.map((t) => [t.name, t]));
    for (const tool of AGENT_TOOLS) {
      const info = registered.get(tool.name);
      assert.ok(info, `${tool.name} is in vscode.lm.tools`);
      assert.equal(info.description, tool.description);
      assert.deepEqual(info.inputSchema, tool.inputSchema);
    }
    assert.deepEqual(
      [...api.agentTools.implementations.keys()],
      AGENT_TOOLS.map((t) => t.name),
    );
  });

  it('answers each read tool on the sandbox with the target first and the record as JSON', async () => {
    const created = await (await api.sandboxHost.start()).control.create({ from: 'btc', to: 'eth', amountFrom: '0.5' });
    const lookup = await invoke('exchangeTx_getTransactions', { ids: [created.id, 'nosuchid0000'] });
    assert.match(
      lookup.text,
      new RegExp(`^On the sandbox:\\n1 of 2 found\\.\\n${created.id} · waiting · 0\\.5 BTC expected → ETH \\(float\\)`),
    );
    assert.deepEqual(lookup.data.target, { kind: 'sandbox', label: 'Sandbox' });
    assert.equal((lookup.data.records as { id: string }[])[0]?.id, created.id);
    assert.deepEqual(lookup.data.notFound, ['nosuchid0000']);

    const list = await invoke('exchangeTx_listTransactions', { status: ['waiting'], limit: 100 });
    assert.match(list.text, /^On the sandbox:\n\d+ transactions? \(status waiting\)/);
    assert.ok((list.data.records as { id: string }[]).some((r) => r.id === created.id));

    const explained = await invoke('exchangeTx_explainError', { code: -32602, message: 'Parameter id is invalid' });
    assert.match(
      explained.text,
      /^On the sandbox:\nError -32602: Parameter id is invalid\nMeaning: The service refused the parameter "id"\./,
    );

    const limits = await invoke('exchangeTx_getPairLimits', { pairs: [{ from: 'btc', to: 'eth' }] });
    assert.match(limits.text, /^On the sandbox:\nBTC → ETH: float /);
    const estimate = await invoke('exchangeTx_getEstimate', { from: 'btc', to: 'eth', amountFrom: '0.5' });
    assert.match(estimate.text, /^On the sandbox:\n0\.5 BTC → [\d.]+ ETH/);
    const quote = await invoke('exchangeTx_getFixedRate', { from: 'btc', to: 'eth', amountFrom: '0.5' });
    assert.match(quote.text, /^On the sandbox:\nRate id .+, expires /);
    const address = await invoke('exchangeTx_validateAddress', { currency: 'eth', address: 'nope' });
    assert.match(address.text, /^On the sandbox:\nThe ETH address "nope" is NOT valid/);

    const diagnosis = await invoke('exchangeTx_diagnoseTransaction', { id: created.id });
    assert.match(
      diagnosis.text,
      new RegExp(
        `^On the sandbox:\\nTransaction "${created.id}" is waiting since \\d{4}-.+ \\(.+; the sandbox's schedule, exact\\)\\.\\nMeaning: The transaction is waiting for the incoming payment`,
      ),
    );
    assert.match(diagnosis.text, /\nWhat to do: .+\(our advice, not the service's\)/);
    assert.equal((diagnosis.data.diagnosis as { since: { exact: boolean } }).since.exact, true);
    const numbers = await invoke('exchangeTx_getEstimate', { from: 'BTC', to: 'eth', amountFrom: 0.5 });
    assert.match(numbers.text, /^On the sandbox:\n0\.5 BTC → [\d.]+ ETH/);

    // A backend's request with no signature headers: the journal names it, the editor's own left out.
    const refused = await fetch(`${sandbox.url}/v2`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'my-backend/1.0' },
      body: '{"jsonrpc":"2.0","id":"1","method":"getCurrencies","params":{}}',
    });
    assert.equal(refused.status, 401);
    const journal = await invoke('exchangeTx_listSandboxRequests', {});
    assert.match(journal.text, /^On the sandbox:\nThe 1 newest of 1 matching requests from the user's own code/);
    assert.match(journal.text, /\n {2}diagnosis header-missing: /);

    const bad = await invoke('exchangeTx_getTransactions', { ids: ['no spaces allowed'] });
    assert.match(
      bad.text,
      /^On the sandbox:\nLooking the transactions up failed: "ids\[0\]" does not have the expected form/,
    );
    assert.equal((bad.data.error as { kind: string }).kind, 'invalid-input');
  });

  it('prepares a confirmation naming what create, pay and move will do, and none for reads', async () => {
    const token = new vscode.CancellationTokenSource().token;
    const prepare = (name: string, input: object) =>
      api.agentTools.implementations.get(name)?.prepareInvocation?.({ input }, token);
    const create = (await prepare('exchangeTx_createSandboxTransaction', {
      from: 'ltc',
      to: 'xmr',
      amountFrom: '2',
      status: 'hold',
    })) as vscode.PreparedToolInvocation;
    assert.deepEqual(create.confirmationMessages, {
      title: 'Create a sandbox transaction?',
      message:
        'Creates a floating-rate 2 LTC → XMR transaction in the local sandbox, in status "hold". Nothing is sent to a real account.',
    });
    assert.equal(create.invocationMessage, 'Create a Sandbox Transaction on the sandbox');
    const pay = (await prepare('exchangeTx_paySandboxTransaction', {
      id: 'abcd1234',
    })) as vscode.PreparedToolInvocation;
    assert.match(
      textOf(pay.confirmationMessages?.message),
      /^Pays the expected amount into the sandbox transaction abcd1234\./,
    );
    const move = (await prepare('exchangeTx_moveSandboxTransaction', {
      id: 'abcd1234',
      status: 'refunded',
    })) as vscode.PreparedToolInvocation;
    assert.match(
      textOf(move.confirmationMessages?.message),
      /^Moves the sandbox transaction abcd1234 to status "refunded"\./,
    );
    const read = (await prepare('exchangeTx_listTransactions', {})) as vscode.PreparedToolInvocation;
    assert.equal(read.confirmationMessages, undefined);
    assert.equal(read.invocationMessage, 'List Recent Transactions on the sandbox');
  });

  it('is asked by VS Code for its confirmation before create, pay and move run, with the input as given', async () => {
    // Outside a chat, VS Code shows the confirmation as a modal dialog; in an extension test host
    // its DialogService confirms without showing one ("refused to show confirmation dialog in
    // tests"), so what is checked here is that VS Code asked for it and what it says.
    const asked: { name: string; input: unknown; prepared: vscode.PreparedToolInvocation | null | undefined }[] = [];
    const spied = AGENT_TOOLS.filter((t) => t.changesState).map((t) => {
      const implementation = api.agentTools.implementations.get(t.name);
      assert.ok(implementation);
      // The class's own method (the spy below shadows it on the instance until it is deleted).
      const own = Object.getPrototypeOf(implementation) as vscode.LanguageModelTool<unknown>;
      const original = (
        options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>,
        token: vscode.CancellationToken,
      ) => own.prepareInvocation?.call(implementation, options, token);
      implementation.prepareInvocation = async (options, token) => {
        const prepared = await original(options, token);
        asked.push({ name: t.name, input: options.input, prepared });
        return prepared;
      };
      return () => delete (implementation as { prepareInvocation?: unknown }).prepareInvocation;
    });
    try {
      const before = sandbox.ledger.visible().length;
      const created = await invoke('exchangeTx_createSandboxTransaction', {
        from: 'btc',
        to: 'eth',
        amountFrom: '0.25',
      });
      const tx = created.data.transaction as ControlTransaction;
      assert.match(
        created.text,
        new RegExp(
          `^On the sandbox:\\nCreated ${tx.id}\\.\\n${tx.id} · waiting · 0\\.25 BTC → [\\d.]+ ETH \\(float\\)`,
        ),
      );
      assert.equal(sandbox.ledger.visible().length, before + 1);
      const paid = await invoke('exchangeTx_paySandboxTransaction', { id: tx.id });
      assert.match(paid.text, new RegExp(`^On the sandbox:\\nPaid ${tx.id}\\.\\n${tx.id} · confirming · `));
      const moved = await invoke('exchangeTx_moveSandboxTransaction', { id: tx.id, status: 'hold' });
      assert.match(moved.text, new RegExp(`^On the sandbox:\\nMoved ${tx.id} to hold\\.`));
      const [record] = await (await api.environment.client()).getTransactions({ id: tx.id, limit: 1 });
      assert.equal(record?.status, 'hold');

      assert.deepEqual(
        asked.map((a) => a.name),
        [
          'exchangeTx_createSandboxTransaction',
          'exchangeTx_paySandboxTransaction',
          'exchangeTx_moveSandboxTransaction',
        ],
      );
      assert.deepEqual(asked[0]?.input, { from: 'btc', to: 'eth', amountFrom: '0.25' });
      assert.deepEqual(
        asked.map((a) => a.prepared?.confirmationMessages),
        [
          {
            title: 'Create a sandbox transaction?',
            message:
              'Creates a floating-rate 0.25 BTC → ETH transaction in the local sandbox, in status "waiting". Nothing is sent to a real account.',
          },
          {
            title: 'Pay a sandbox transaction?',
            message: `Pays the expected amount into the sandbox transaction ${tx.id}. Nothing is sent to a real account.`,
          },
          {
            title: 'Move a sandbox transaction?',
            message: `Moves the sandbox transaction ${tx.id} to status "hold". Nothing is sent to a real account.`,
          },
        ],
      );
    } finally {
      for (const restore of spied) restore();
    }
  });

  describe('on a live account', () => {
    let service: Sandbox;
    const keys = registeredKeys();

    before(async () => {
      service = await startSandbox({
        onSignature: noteSignature,
        seed: 11,
        ledgerSize: 5,
        keys: [{ publicKeyBase64: keys.publicKeyBase64 }],
      });
      await resetEnvironment(api);
      const added = await addAccount({
        name: 'Production',
        baseUrl: service.url,
        privateKey: keys.privateKeyHex,
        activate: true,
      });
      assert.ok(added.account, added.error);
      await eventually(() => api.environment.kind === 'live', 'the account in use');
    });
    after(async () => {
      await resetEnvironment(api);
      await service.stop();
      sandbox = await useBuiltInSandbox(api);
    });

    it('does not offer the sandbox-only tools while the account is in use (their when clause); the others stay', async () => {
      const hidden = (): boolean => !vscode.lm.tools.some((t) => t.name === 'exchangeTx_createSandboxTransaction');
      const [major = 0, minor = 0] = vscode.version.split('.').map(Number);
      if (major === 1 && minor < 139) {
        await eventually(
          hidden,
          `the sandbox-only tools to be hidden (VS Code ${vscode.version}, environment ${api.environment.kind})`,
        );
        const offered = new Set(vscode.lm.tools.map((t) => t.name));
        for (const tool of AGENT_TOOLS) assert.equal(offered.has(tool.name), !tool.sandboxOnly, tool.name);
      } else {
        // VS Code 1.139 lists every registered tool in vscode.lm.tools whatever its when clause (the
        // chat applies the clause when it offers tools): there the clause is the manifest's
        // (test/unit/agents/manifest.test.ts) and a call is refused without a request (below).
        const offered = new Set(vscode.lm.tools.map((t) => t.name));
        for (const tool of AGENT_TOOLS.filter((t) => !t.sandboxOnly))
          assert.ok(offered.has(tool.name), `${tool.name} stays offered on the account`);
      }
    });

    it('refuses create, pay and move without asking or sending anything; reads name the account', async () => {
      const host = new URL(service.url).host;
      const [first] = await (await api.environment.client()).getTransactions({ limit: 1 });
      assert.ok(first);
      service.clearRequests();
      // The newest seq, not the count: a full journal keeps its length while requests arrive.
      const lastSeq = (): number => api.sandboxHost.sandbox?.requests.slice(-1)[0]?.seq ?? 0;
      const builtIn = lastSeq();
      const inputs: Record<string, object> = {
        exchangeTx_createSandboxTransaction: { from: 'btc', to: 'eth' },
        exchangeTx_paySandboxTransaction: { id: first.id },
        exchangeTx_moveSandboxTransaction: { id: first.id, status: 'failed' },
      };
      for (const tool of AGENT_TOOLS.filter((t) => t.sandboxOnly)) {
        const prepared = (await api.agentTools.implementations
          .get(tool.name)
          ?.prepareInvocation?.(
            { input: inputs[tool.name] },
            new vscode.CancellationTokenSource().token,
          )) as vscode.PreparedToolInvocation;
        assert.equal(prepared.confirmationMessages, undefined, 'nothing to confirm: it is refused');
        assert.match(textOf(prepared.invocationMessage), /refused on account 'Production'/);
        // Not offered (its when clause): VS Code may refuse the call itself; if it passes it on, the tool refuses.
        const result = await invoke(tool.name, inputs[tool.name] ?? {}).catch((error: Error) => error);
        if (result instanceof Error) continue;
        assert.equal(result.text.split('\n')[0], `On account 'Production' (${host}):`);
        assert.match(result.text, /works on the sandbox only/);
        assert.deepEqual(result.data.error, {
          kind: 'sandbox-only',
          message: String((result.data.error as { message: string }).message),
          sent: false,
        });
      }
      assert.equal(service.requests.length, 0, 'nothing reached the account');
      assert.equal(lastSeq(), builtIn, 'nothing reached the built-in sandbox either');

      const read = await invoke('exchangeTx_getTransactions', { ids: [first.id] });
      assert.equal(read.text.split('\n')[0], `On account 'Production' (${host}):`);
      assert.deepEqual(read.data.target, { kind: 'account', label: 'Production', host });
      assert.equal(service.requests.length, 1);
      const all = `${read.text}${JSON.stringify(read.data)}`;
      assert.ok(!all.includes(keys.apiKey) && !all.includes(keys.privateKeyHex), 'no key in the result');
    });
  });

  it('keeps within 10 signed requests a second while the Transactions view refreshes', async () => {
    sandbox = await useBuiltInSandbox(api);
    const restorePage = await withSetting('transactions.pageSize', 5);
    try {
      const control = (await api.sandboxHost.start()).control;
      for (let i = 0; i < 20; i++) await control.create({ from: 'btc', to: 'eth' });
      await vscode.commands.executeCommand('exchangeTx.transactions.focus');
      const ids = (await (await api.environment.client()).getTransactions({ limit: 20 })).map((r) => r.id);
      sandbox.clearRequests();
      const refreshes = [0, 1, 2].map(() => vscode.commands.executeCommand('exchangeTx.transactions.refresh'));
      const burst = Array.from({ length: 24 }, (_, i) =>
        i % 3 === 0
          ? invoke('exchangeTx_getTransactions', { ids })
          : i % 3 === 1
            ? invoke('exchangeTx_listTransactions', { limit: 7 })
            : invoke('exchangeTx_getPairLimits', { pairs: [{ from: 'btc', to: 'eth' }] }),
      );
      const results = await Promise.all(burst);
      await Promise.allSettled(refreshes);
      for (const r of results) assert.match(r.text, /^On the sandbox:\n(?!.*failed)/);
      // The service's requests: the sandbox's control endpoint (a snapshot of its ledger) is not the
      // service's and counts against no limit (its client has a limiter of its own).
      const signed = sandbox.requests.filter((r) => r.apiKey !== undefined && r.path !== SANDBOX_CONTROL_PATH);
      assert.ok(signed.length > 30, `a burst of requests (${signed.length})`);
      const arrivals = signed.map((r) => r.at).sort((a, b) => a - b);
      let peak = 0;
      for (let start = 0, end = 0; end < arrivals.length; end++) {
        while ((arrivals[end] ?? 0) - (arrivals[start] ?? 0) >= 1000) start++;
        peak = Math.max(peak, end - start + 1);
      }
      const t0 = arrivals[0] ?? 0;
      const story = signed.map((r) => `${Math.round(r.at - t0)}:${r.method ?? r.path}:${r.outcome}`).join(' ');
      assert.ok(peak <= 10, `at most 10 signed requests in any second (peak ${peak}): ${story}`);
      assert.equal(signed.filter((r) => r.outcome === 'rate-limited').length, 0, `none was rate-limited: ${story}`);
      const tree = signed.filter(
        (r) =>
          r.method === 'getTransactions' &&
          (r.params as { id?: unknown } | undefined)?.id === undefined &&
          (r.params as { limit?: number }).limit === 5,
      );
      assert.ok(tree.length >= 1, 'the view refreshed during the burst');
    } finally {
      await restorePage();
      await vscode.commands.executeCommand('workbench.view.explorer');
    }
  });

  it('ships the agent guide the manifest contributes as chat instructions and a skill', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      contributes: { chatSkills: { path: string }[]; chatInstructions: { path: string }[] };
    };
    const [skill] = manifest.contributes.chatSkills;
    assert.ok(skill && fs.existsSync(path.join(repoRoot, skill.path)));
    const listed = await vscode.commands.getCommands(false);
    if (!listed.includes('_listExtensionPromptFiles')) {
      // VS Code before contributed prompt files (1.100): it ignores both points, and activation went on.
      const [major = 0, minor = 0] = vscode.version.split('.').map(Number);
      assert.ok(major === 1 && minor < 139, `VS Code ${vscode.version} lists contributed prompt files`);
      return;
    }
    const files =
      await vscode.commands.executeCommand<{ uri: { path: string }; type: string; extensionId: string }[]>(
        '_listExtensionPromptFiles',
      );
    const ours = files.filter((f) => f.extensionId.toLowerCase() === 'exchange-tx.exchange-tx');
    assert.deepEqual(ours.map((f) => f.type).sort(), ['instructions', 'skill']);
    for (const file of ours) assert.ok(file.uri.path.endsWith('/media/agents/exchange-tx/SKILL.md'), file.uri.path);
  });
});
