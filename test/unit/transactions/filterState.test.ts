/** The Transactions view's filter as the workspace state keeps it: read at start, saved on change. */
import { strict as assert } from 'assert';
import { FILTER_STATE_KEY, FilterState } from '../../../src/features/transactions/filterState';
import type { TransactionFilter } from '../../../src/features/transactions/filterModel';
import { MapMemento } from '../support/mapMemento';

describe('FilterState', () => {
  it('is stored under exchangeTx.transactions.filter', () => {
    assert.equal(FILTER_STATE_KEY, 'exchangeTx.transactions.filter');
  });

  it('starts with what the workspace state holds, and no filter when it holds nothing', async () => {
    const memento = new MapMemento();
    const empty = new FilterState(memento);
    assert.deepEqual(empty.current, {});
    assert.equal(empty.active, false);
    await memento.update(FILTER_STATE_KEY, { version: 1, filter: { status: ['waiting'], currency: ['btc'] } });
    const stored = new FilterState(memento);
    assert.deepEqual(stored.current, { status: ['waiting'], currency: ['btc'] });
    assert.equal(stored.active, true);
  });

  it('set applies, saves (keeping what this version does not know) and then fires', async () => {
    const memento = new MapMemento();
    await memento.update(FILTER_STATE_KEY, {
      version: 1,
      filter: { status: ['waiting'], colour: 'red' },
      note: 'later',
    });
    const state = new FilterState(memento);
    const fired: TransactionFilter[] = [];
    state.onDidChange((filter) => {
      fired.push(filter);
      assert.deepEqual(
        memento.raw(FILTER_STATE_KEY),
        { version: 1, filter: { colour: 'red', status: ['finished'] }, note: 'later' },
        'saved before it fires',
      );
    });
    await state.set({ status: ['finished'] });
    assert.deepEqual(state.current, { status: ['finished'] });
    assert.deepEqual(state.saved(), { status: ['finished'] });
    assert.deepEqual(fired, [{ status: ['finished'] }]);
  });

  it('clear saves no filter at all when nothing else was stored, and fires an empty filter', async () => {
    const memento = new MapMemento();
    const state = new FilterState(memento);
    await state.set({ currency: ['eth'] });
    assert.deepEqual(memento.raw(FILTER_STATE_KEY), { version: 1, filter: { currency: ['eth'] } });
    const fired: TransactionFilter[] = [];
    state.onDidChange((filter) => fired.push(filter));
    await state.clear();
    assert.equal(memento.raw(FILTER_STATE_KEY), undefined);
    assert.deepEqual(state.current, {});
    assert.equal(state.active, false);
    assert.deepEqual(fired, [{}]);
  });

  it('clear keeps the top-level members this version does not know', async () => {
    const memento = new MapMemento();
    await memento.update(FILTER_STATE_KEY, { version: 1, filter: { status: ['waiting'] }, note: 'later' });
    const state = new FilterState(memento);
    await state.clear();
    assert.deepEqual(memento.raw(FILTER_STATE_KEY), { version: 1, filter: {}, note: 'later' });
    assert.deepEqual(state.saved(), {});
  });

  it('saved() reads the workspace state again (another window may have changed it); dispose ends the events', async () => {
    const memento = new MapMemento();
    const state = new FilterState(memento);
    await memento.update(FILTER_STATE_KEY, { version: 1, filter: { extraId: 'memo-1' } });
    assert.deepEqual(state.saved(), { extraId: 'memo-1' });
    assert.deepEqual(state.current, {}, 'what this window applied stays until it sets another');
    const fired: TransactionFilter[] = [];
    state.onDidChange((filter) => fired.push(filter));
    state.dispose();
    await state.set({ currency: ['btc'] });
    assert.deepEqual(fired, []);
  });
});
