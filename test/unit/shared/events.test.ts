/** The small event emitter the layers below the features use in place of vscode.EventEmitter. */
import { strict as assert } from 'assert';
import { Emitter } from '../../../src/shared/events';

describe('Emitter', () => {
  it('calls every listener with the value, in the order they subscribed', () => {
    const emitter = new Emitter<number>();
    const seen: string[] = [];
    emitter.event((n) => seen.push(`a${n}`));
    emitter.event((n) => seen.push(`b${n}`));
    emitter.fire(1);
    emitter.fire(2);
    assert.deepEqual(seen, ['a1', 'b1', 'a2', 'b2']);
  });

  it('a disposed subscription hears nothing more; the others still do', () => {
    const emitter = new Emitter<number>();
    const seen: string[] = [];
    const a = emitter.event((n) => seen.push(`a${n}`));
    emitter.event((n) => seen.push(`b${n}`));
    emitter.fire(1);
    a.dispose();
    emitter.fire(2);
    assert.deepEqual(seen, ['a1', 'b1', 'b2']);
  });

  it('a throwing listener does not stop the ones after it', () => {
    const emitter = new Emitter<string>();
    const seen: string[] = [];
    emitter.event(() => {
      throw new Error('listener failed');
    });
    emitter.event((s) => seen.push(s));
    emitter.fire('x');
    assert.deepEqual(seen, ['x']);
  });

  it('disposing the emitter drops every listener', () => {
    const emitter = new Emitter<number>();
    const seen: number[] = [];
    emitter.event((n) => seen.push(n));
    emitter.event((n) => seen.push(n * 10));
    emitter.dispose();
    emitter.fire(1);
    assert.deepEqual(seen, []);
  });
});
