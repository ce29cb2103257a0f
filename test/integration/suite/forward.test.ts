/**
 * Forward Status Changes… end to end in the real extension host: the command (its URL prompt,
 * host modal and secret display replaced as other prompts are in these tests) forwards every move
 * of a built-in sandbox transaction to a local receiver, once, in order, verified with the secret
 * shown; the status bar item counts and stops it; the secret is in no log; another host needs the
 * modal's yes; a switch of environment (a sandbox reset) stops it.
 */
import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import type { ExchangeTxApi } from '../../../src/extension';
import type { ForwardPrompts } from '../../../src/features/forwardSession/forwardPrompts';
import type { Sandbox } from '../../../packages/sandbox/src';
import type { ControlTransaction } from '../../../src/shared/controlProtocol';
import { Receiver } from '../../unit/forward/receiver';
import { eventually, extensionApi, resetEnvironment } from '../support/extension';
import { useBuiltInSandbox, withSetting } from '../support/lookupHelpers';

function labelOf(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

describe('Forward Status Changes', function () {
  this.timeout(60_000);
  let api: ExchangeTxApi;
  let sandbox: Sandbox;
  let original: ForwardPrompts | undefined;
  const hosts: string[] = [];
  let secrets: string[] = [];
  let answerUrl = '';
  let allowHost = false;
  const stopQuestions: [number, number][] = [];
  let allowStop = true;

  before(async () => {
    api = await extensionApi();
    await resetEnvironment(api);
    original = api.forward.prompts;
    api.forward.prompts = {
      askUrl: () => Promise.resolve(answerUrl),
      confirmHost: (host) => {
        hosts.push(host);
        return Promise.resolve(allowHost);
      },
      showSecret: (secret) => {
        secrets.push(secret);
      },
      confirmStop: (waiting, failed) => {
        stopQuestions.push([waiting, failed]);
        return Promise.resolve(allowStop);
      },
    };
  });
  beforeEach(async () => {
    sandbox = await useBuiltInSandbox(api);
    hosts.length = 0;
    secrets = [];
  });
  afterEach(() => vscode.commands.executeCommand('exchangeTx.stopForwarding'));
  after(async () => {
    api.forward.prompts = original;
    await resetEnvironment(api);
  });

  it('forwards every move of a sandbox transaction once, in order, signed with the secret shown once; the status bar item stops it', async () => {
    // The receiver learns the secret once the command has shown it.
    const receiver = new Receiver('not-known-yet-0123456789');
    await receiver.open();
    try {
      answerUrl = receiver.url;
      await vscode.commands.executeCommand('exchangeTx.forwardStatusChanges');
      // The secret is shown once, when it is made; a secret kept from an earlier start is not shown
      // again (it is kept until rotated): then a rotation shows the new one.
      assert.ok(secrets.length <= 1, 'the secret is shown at most once');
      if (secrets.length === 0) await vscode.commands.executeCommand('exchangeTx.rotateForwardingSecret');
      assert.equal(secrets.length, 1);
      const secret = secrets[0];
      receiver.secret = secret;
      const session = api.forward.session;
      assert.ok(session, 'forwarding runs');
      assert.equal(api.forward.item.command, 'exchangeTx.stopForwarding');
      await session.pollNow();
      const tx = sandbox.control({ action: 'create' }) as ControlTransaction;
      await session.pollNow();
      for (const status of ['confirming', 'exchanging', 'sending', 'finished'] as const) {
        sandbox.control({ action: 'move', id: tx.id, status });
        await session.pollNow();
      }
      await session.idle();
      const mine = receiver.accepted.filter((e) => e.transaction.id === tx.id);
      assert.deepEqual(
        mine.map((e) => `${e.from}>${e.to}`),
        ['null>waiting', 'waiting>confirming', 'confirming>exchanging', 'exchanging>sending', 'sending>finished'],
      );
      assert.ok(
        receiver.arrivals.every((a) => a.verified),
        'every event verifies with the secret shown',
      );
      assert.equal(receiver.arrivals.length, receiver.accepted.length, 'each once');
      // The item shows what the queue holds: once everything is delivered, nothing as waiting (the
      // sandbox's own transactions may have queued more meanwhile: then they, and only they, show).
      assert.match(api.forward.item.text, /^\$\(broadcast\) \d+ forwarded/);
      assert.equal(
        /waiting/.test(api.forward.item.text),
        session.pending > 0,
        `${api.forward.item.text} with ${session.pending} waiting`,
      );
      assert.equal(api.forward.item.backgroundColor === undefined, session.pending === 0 && session.failed === 0);
      // The Forwarded Events view shows the delivered events, newest first, with their changes.
      const labels = api.forward.nodes().map((node) => labelOf(node.item));
      assert.ok(labels.includes('delivered: sending → finished'), labels.join(' | '));
      assert.ok(
        api.forward.events.recent.some((line) => line.includes(`${tx.id} sending → finished: delivered, HTTP 200`)),
      );

      await vscode.commands.executeCommand('exchangeTx.stopForwarding');
      assert.equal(api.forward.session, undefined, 'stopped from the status bar item');
      assert.ok(session.stopped);
      assert.ok(api.forward.events.recent.some((line) => line.includes('stopped: stopped by the user')));
      for (const line of [...api.forward.events.recent, ...api.log.recent])
        assert.ok(!line.includes(secret), 'the secret is in no log');
    } finally {
      await receiver.close();
    }
  });

  it('sends only the changes to the statuses of exchangeTx.forward.statuses, from the status last seen', async () => {
    const restore = await withSetting('forward.statuses', ['hold', 'finished']);
    const receiver = new Receiver('not-known-yet-0123456789');
    await receiver.open();
    try {
      answerUrl = receiver.url;
      // A secret made before the start (one kept from an earlier start is not shown again).
      await vscode.commands.executeCommand('exchangeTx.rotateForwardingSecret');
      receiver.secret = secrets[0] ?? '';
      await vscode.commands.executeCommand('exchangeTx.forwardStatusChanges');
      const session = api.forward.session;
      assert.ok(session, 'forwarding runs');
      await session.pollNow();
      const tx = sandbox.control({ action: 'create' }) as ControlTransaction;
      await session.pollNow();
      for (const status of ['confirming', 'hold', 'exchanging', 'sending', 'finished'] as const) {
        sandbox.control({ action: 'move', id: tx.id, status });
        await session.pollNow();
      }
      await session.idle();
      assert.deepEqual(
        receiver.accepted.filter((e) => e.transaction.id === tx.id).map((e) => `${e.from}>${e.to}`),
        ['confirming>hold', 'sending>finished'],
      );
      assert.ok(receiver.arrivals.every((a) => a.verified));
    } finally {
      await vscode.commands.executeCommand('exchangeTx.stopForwarding');
      await restore();
      await receiver.close();
    }
  });

  it('Stop Forwarding asks first while events wait, saying how many; they are kept; the Forwarded Events view lists them first', async () => {
    const receiver = new Receiver('unused-secret-0123456789');
    await receiver.open();
    const port = receiver.port;
    await receiver.close();
    try {
      answerUrl = `http://127.0.0.1:${port}/hooks`;
      await vscode.commands.executeCommand('exchangeTx.forwardStatusChanges');
      const session = api.forward.session;
      assert.ok(session);
      await session.pollNow();
      const tx = sandbox.control({ action: 'create' }) as ControlTransaction;
      await session.pollNow();
      await eventually(() => session.pending > 0 && /waiting/.test(api.forward.item.text), 'an event to wait');
      // The sandbox's own transactions move too: find this one's event among the waiting ones, listed before any delivered one.
      const nodes = api.forward.nodes();
      const mine = nodes.findIndex((node) => node.children.some((child) => labelOf(child.item) === tx.id));
      assert.ok(mine >= 0, 'the view names the transaction');
      assert.equal(nodes[mine].item.contextValue, 'forwardedEvent waiting');
      assert.ok(
        nodes.slice(0, mine).every((node) => node.item.contextValue !== 'forwardedEvent delivered'),
        'waiting events come first',
      );
      stopQuestions.length = 0;
      allowStop = false;
      await vscode.commands.executeCommand('exchangeTx.stopForwarding');
      assert.equal(stopQuestions.length, 1);
      assert.ok(
        stopQuestions[0][0] >= 1 && stopQuestions[0][1] === 0,
        `asked with ${stopQuestions[0].join(' waiting, ')} failed`,
      );
      assert.equal(api.forward.session, session, 'not stopped when the answer is no');
      allowStop = true;
      await vscode.commands.executeCommand('exchangeTx.stopForwarding');
      assert.equal(api.forward.session, undefined);
      assert.ok(
        api.forward.events.recent.some((line) =>
          /stopped: stopped by the user; [1-9]\d* waiting and 0 failed events kept/.test(line),
        ),
      );
    } finally {
      allowStop = true;
    }
  });

  it('asks before sending to another host, naming it, and does not start when refused', async () => {
    answerUrl = 'https://hooks.example.com/exchange';
    allowHost = false;
    await vscode.commands.executeCommand('exchangeTx.forwardStatusChanges');
    assert.deepEqual(hosts, ['hooks.example.com']);
    assert.equal(api.forward.session, undefined);
    assert.deepEqual(secrets, [], 'no secret made');
  });

  it('refuses plain http to another host without asking', async () => {
    answerUrl = 'http://hooks.example.com/exchange';
    allowHost = true;
    await vscode.commands.executeCommand('exchangeTx.forwardStatusChanges');
    assert.deepEqual(hosts, []);
    assert.equal(api.forward.session, undefined);
  });

  it('stops when the environment changes (here: the sandbox is reset)', async () => {
    const receiver = new Receiver('unused-secret-0123456789');
    await receiver.open();
    try {
      answerUrl = receiver.url;
      await vscode.commands.executeCommand('exchangeTx.forwardStatusChanges');
      const session = api.forward.session;
      assert.ok(session);
      await api.sandboxHost.resetLedger();
      await eventually(() => api.forward.session === undefined, 'forwarding to stop');
      assert.ok(session.stopped);
      assert.ok(api.forward.events.recent.some((line) => line.includes('stopped: the environment changed')));
    } finally {
      await receiver.close();
    }
  });
});
