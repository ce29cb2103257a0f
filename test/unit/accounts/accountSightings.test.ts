/**
 * The first sightings per account, noted from every record the store sees and read by the rest:
 * kept per account in the storage (read back by a new instance, as after a reload), none for the
 * sandbox, the earliest time in a status kept until the status changes.
 */
import { strict as assert } from 'assert';
import { AccountSightings } from '../../../src/features/common/accountSightings';

class MapMemento {
  readonly values = new Map<string, unknown>();
  get(key: string): unknown {
    return this.values.get(key);
  }
  update(key: string, value: unknown): Promise<void> {
    this.values.set(key, JSON.parse(JSON.stringify(value)));
    return Promise.resolve();
  }
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
}

describe('AccountSightings', () => {
  it('keeps the earliest sighting per account and status, none for the sandbox, across a reload', () => {
    const memento = new MapMemento();
    let now = 1_000_000;
    const sightings = new AccountSightings(memento, () => now);
    sightings.note('sandbox', [{ id: 'a1', status: 'waiting' }]);
    assert.equal(memento.values.size, 0, 'the sandbox keeps none');
    sightings.note('acc1', [{ id: 'a1', status: 'waiting' }]);
    now += 5000;
    sightings.note('acc1', [{ id: 'a1', status: 'waiting' }]);
    sightings.note('acc2', [{ id: 'a1', status: 'confirming' }]);
    assert.equal(sightings.of('acc1').since('a1', 'waiting'), 1_000_000, 'the first sighting stays');
    assert.equal('note' in sightings.of('acc1'), false, 'read only: a tool that reads it notes nothing');
    assert.equal(sightings.of('acc2').since('a1', 'confirming'), 1_005_000, 'another account, its own');
    now += 5000;
    sightings.note('acc1', [{ id: 'a1', status: 'confirming' }]);
    assert.equal(sightings.of('acc1').since('a1', 'confirming'), 1_010_000, 'a new status starts a new sighting');
    assert.equal(sightings.of('acc1').since('a1', 'waiting'), undefined);
    const reloaded = new AccountSightings(memento, () => now);
    assert.equal(reloaded.of('acc1').since('a1', 'confirming'), 1_010_000);
    assert.equal(reloaded.of('acc2').since('a1', 'confirming'), 1_005_000);
  });
});
