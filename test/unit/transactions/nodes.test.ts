import { strict as assert } from 'assert';
import fc from 'fast-check';
import { contextTokens, expandedByDefault, safeLink, treeItemId } from '../../../src/features/transactions/nodes';
import type { TreeNode } from '../../../src/features/transactions/nodes';
import { HOSTILE_VALUES } from '../../../packages/sandbox/src';
import { ALL_STATUSES, KNOWN_STATUSES } from '../../../src/shared/status';
import { ledgerRecords, recordIn } from '../support/wireRecord';

const tokens = (text: string) => text.split(' ');

describe('transactions tree nodes', () => {
  describe('treeItemId', () => {
    it('names each kind of node, by status or transaction id', () => {
      const record = recordIn('waiting');
      assert.equal(treeItemId({ kind: 'group', status: 'hold', children: [] }), 'group:hold');
      assert.equal(treeItemId({ kind: 'transaction', id: record.id, record }), `transaction:${record.id}`);
      assert.equal(treeItemId({ kind: 'loadMore' }), 'loadMore');
      assert.equal(treeItemId({ kind: 'error', error: new Error('x'), operation: 'refresh', at: 1 }), 'error');
    });

    it('is the same for the same thing whatever it holds now (the tree keeps expansion and selection)', () => {
      const [a, b] = ledgerRecords();
      assert.ok(a && b);
      assert.equal(
        treeItemId({ kind: 'group', status: 'finished', children: [] }),
        treeItemId({ kind: 'group', status: 'finished', children: [{ kind: 'transaction', id: a.id, record: a }] }),
      );
      assert.equal(
        treeItemId({ kind: 'transaction', id: a.id, record: a }),
        treeItemId({ kind: 'transaction', id: a.id, record: { ...a, status: 'finished' } }),
      );
      assert.equal(
        treeItemId({ kind: 'error', error: 1, operation: 'refresh', at: 1 }),
        treeItemId({ kind: 'error', error: 2, operation: 'loadMore', at: 2 }),
      );
    });

    it('never gives two different nodes the same id (property)', () => {
      const node: fc.Arbitrary<TreeNode> = fc.oneof(
        fc.constantFrom(...ALL_STATUSES).map((status): TreeNode => ({ kind: 'group', status, children: [] })),
        fc
          .string({ minLength: 1 })
          .map((id): TreeNode => ({ kind: 'transaction', id, record: { ...recordIn('finished'), id } })),
        fc.constant<TreeNode>({ kind: 'loadMore' }),
        fc.constant<TreeNode>({ kind: 'error', error: undefined, operation: 'refresh', at: 0 }),
      );
      const identity = (n: TreeNode) =>
        n.kind === 'group' ? `g ${n.status}` : n.kind === 'transaction' ? `t ${n.id}` : n.kind;
      fc.assert(
        fc.property(node, node, (a, b) => {
          assert.equal(treeItemId(a) === treeItemId(b), identity(a) === identity(b));
        }),
      );
    });
  });

  describe('safeLink', () => {
    it('lets http and https links through, normalized', () => {
      assert.equal(safeLink('https://etherscan.io/tx/0xdef'), 'https://etherscan.io/tx/0xdef');
      assert.equal(safeLink('http://explorer.test/tx/1?a=b#c'), 'http://explorer.test/tx/1?a=b#c');
      assert.equal(safeLink('  https://explorer.test/tx/1  '), 'https://explorer.test/tx/1');
      assert.equal(safeLink('HTTPS://Explorer.Test/TX'), 'https://explorer.test/TX');
      assert.equal(safeLink('https://explorer.test/<b>"x"'), 'https://explorer.test/%3Cb%3E%22x%22');
    });

    it('refuses every other scheme, however written', () => {
      const refused = [
        'javascript:alert(1)',
        'JavaScript:alert(1)',
        ' javascript:alert(1)',
        'java\tscript:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'file:///etc/passwd',
        'command:workbench.action.terminal.new',
        'vscode://exchange-tx.exchange-tx/x',
        'ftp://explorer.test/tx',
        'blob:https://explorer.test/x',
        HOSTILE_VALUES.javascriptLink,
        HOSTILE_VALUES.commandUri,
      ];
      for (const link of refused) assert.equal(safeLink(link), undefined, link);
    });

    it('refuses credentials in the address, what is no absolute URL, null, and anything over 2,000 characters', () => {
      for (const link of [
        'https://user:secret@explorer.test/tx',
        'https://user@explorer.test/tx',
        'https://:pw@explorer.test/',
        '/tx/1',
        '//explorer.test/tx',
        'explorer.test/tx',
        'not a link',
        '',
        null,
      ]) {
        assert.equal(safeLink(link), undefined, String(link));
      }
      const base = 'https://explorer.test/';
      const atLimit = base + 'a'.repeat(2000 - base.length);
      assert.equal(safeLink(atLimit), atLimit);
      assert.equal(safeLink(`${atLimit}a`), undefined);
    });

    it('anything it lets through is an http(s) URL without credentials (property)', () => {
      const link = fc.oneof(
        fc.webUrl({ withQueryParameters: true, withFragments: true }),
        fc.string(),
        fc
          .constantFrom('javascript:', 'data:', 'file:', 'https://u:p@x.test/')
          .chain((prefix) => fc.string().map((rest) => prefix + rest)),
      );
      fc.assert(
        fc.property(link, (text) => {
          const safe = safeLink(text);
          if (safe === undefined) return;
          const url = new URL(safe);
          assert.ok(url.protocol === 'https:' || url.protocol === 'http:', safe);
          assert.equal(url.username + url.password, '');
          assert.equal(safeLink(safe), safe, 'stable');
        }),
      );
    });
  });

  describe('contextTokens', () => {
    it('a settled record with a payout link: transaction, status, final, payin-address, payout-link', () => {
      const record = recordIn('finished');
      assert.ok(record.payoutHashLink !== null && record.refundHashLink === null);
      assert.deepEqual(tokens(contextTokens(record)), [
        'transaction',
        'status:finished',
        'final',
        'payin-address',
        'payout-link',
      ]);
    });

    it('a refunded record: refund-link, no payout-link', () => {
      const record = recordIn('refunded');
      assert.ok(record.refundHashLink !== null);
      assert.deepEqual(tokens(contextTokens({ ...record, payoutHashLink: null })), [
        'transaction',
        'status:refunded',
        'final',
        'payin-address',
        'refund-link',
      ]);
    });

    it('a record still moving is active, without links', () => {
      for (const status of ['waiting', 'confirming', 'exchanging', 'sending', 'hold'] as const) {
        const record = recordIn(status);
        assert.deepEqual(
          tokens(contextTokens(record)),
          ['transaction', `status:${status}`, 'active', 'payin-address'],
          status,
        );
      }
      assert.deepEqual(tokens(contextTokens({ ...recordIn('waiting'), status: 'unknown' })), [
        'transaction',
        'status:unknown',
        'active',
        'payin-address',
      ]);
    });

    it('no payin-address token for an empty or blank address', () => {
      const record = recordIn('expired');
      assert.ok(!tokens(contextTokens({ ...record, payinAddress: '' })).includes('payin-address'));
      assert.ok(!tokens(contextTokens({ ...record, payinAddress: '  \t' })).includes('payin-address'));
    });

    it('links only when safe: a javascript: or command: link gives no token', () => {
      const record = {
        ...recordIn('finished'),
        payoutHashLink: HOSTILE_VALUES.javascriptLink,
        refundHashLink: HOSTILE_VALUES.commandUri,
      };
      assert.deepEqual(tokens(contextTokens(record)), ['transaction', 'status:finished', 'final', 'payin-address']);
      const both = { ...recordIn('finished'), refundHashLink: 'https://explorer.test/tx/r' };
      assert.deepEqual(tokens(contextTokens(both)).slice(-2), ['payout-link', 'refund-link']);
    });

    it('final or active follows the status for every status (written out, not read from the status table)', () => {
      const expected: Record<(typeof KNOWN_STATUSES)[number], 'final' | 'active'> = {
        waiting: 'active',
        confirming: 'active',
        exchanging: 'active',
        sending: 'active',
        hold: 'active',
        finished: 'final',
        failed: 'final',
        refunded: 'final',
        overdue: 'final',
        expired: 'final',
      };
      for (const status of KNOWN_STATUSES) {
        const list = tokens(contextTokens({ ...recordIn('waiting'), status }));
        assert.equal(list[2], expected[status], status);
        assert.ok(!list.includes(expected[status] === 'final' ? 'active' : 'final'), status);
        assert.equal(expandedByDefault(status), expected[status] === 'active', status);
      }
      assert.equal(expandedByDefault('unknown'), true);
    });

    it('a menu regex `\\bpayout-link\\b` never matches by accident (tokens are whole words)', () => {
      const text = contextTokens({ ...recordIn('waiting'), payoutHashLink: null });
      assert.doesNotMatch(text, /\bpayout-link\b/);
      assert.match(contextTokens(recordIn('finished')), /\bpayout-link\b/);
    });
  });
});
