import { strict as assert } from 'assert';
import { FINAL_LINGER_MS, FinalLinger } from '../../../src/features/watch/finalLinger';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('FinalLinger (settled watches leave the status bar)', () => {
  it('ends a settled watch once its time is up, counted from the first time it was seen settled', async () => {
    const ended: string[] = [];
    const linger = new FinalLinger((id) => ended.push(id), 40);
    linger.settle('a', 1000);
    linger.settle('a', 5000);
    assert.equal(linger.settledAt('a'), 1000, 'seen settled again: the first time counts');
    assert.equal(linger.leavesAt('a'), 1040);
    assert.deepEqual(ended, [], 'not at once');
    for (let i = 0; i < 100 && ended.length === 0; i++) await sleep(10);
    assert.deepEqual(ended, ['a']);
    assert.equal(linger.settledAt('a'), undefined);
  });

  it('keeps one that came back to life, or stopped by hand, and stops everything when disposed', async () => {
    const ended: string[] = [];
    const linger = new FinalLinger((id) => ended.push(id), 20);
    linger.settle('back');
    linger.forget('back');
    linger.settle('disposed');
    linger.dispose();
    await sleep(80);
    assert.deepEqual(ended, []);
  });

  it('takes a new duration for those already lingering (tests shorten it)', async () => {
    const ended: string[] = [];
    const linger = new FinalLinger((id) => ended.push(id));
    assert.equal(linger.durationMs, FINAL_LINGER_MS);
    linger.settle('x');
    linger.setDurationMs(10);
    for (let i = 0; i < 100 && ended.length === 0; i++) await sleep(10);
    assert.deepEqual(ended, ['x']);
    linger.dispose();
  });
});
