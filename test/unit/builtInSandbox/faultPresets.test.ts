import { strict as assert } from 'assert';
import {
  describeFaults,
  FAULT_PRESETS,
  faultsOf,
  presetIdsOf,
  presetsIn,
} from '../../../src/features/common/faultPresets';
import type { FaultPresetId } from '../../../src/features/common/faultPresets';
import { startSandbox } from '../../../packages/sandbox/src';
import { noteSignature } from '../../secrets/registry';

describe('sandbox fault presets', () => {
  it('combine into fault options the sandbox accepts, and read back as the same presets', async () => {
    const sandbox = await startSandbox({ onSignature: noteSignature, ledgerSize: 0 });
    try {
      const all = FAULT_PRESETS.map((p) => p.id).filter((id) => id !== 'down');
      for (let mask = 0; mask < 1 << all.length; mask++) {
        const ids = all.filter((_, i) => (mask & (1 << i)) !== 0);
        const options = faultsOf(ids);
        sandbox.setFaults(options);
        assert.deepEqual(presetsIn(sandbox.faults).sort(), [...ids].sort(), ids.join(','));
        assert.equal(describeFaults(options).length, ids.length, `one phrase per preset: ${ids.join(',')}`);
      }
    } finally {
      await sandbox.stop();
    }
  });

  it('service down hangs every request and leaves no other fault a chance', () => {
    const options = faultsOf(['down', 'errors5xx', 'internal', 'rateLimit', 'latency']);
    assert.deepEqual(options.rates, { hang: 1 });
    assert.equal(options.latencyMs, 800);
    assert.deepEqual(presetsIn(options), ['latency', 'down']);
    assert.ok(describeFaults(options).includes('service down (no answers)'));
  });

  it('says nothing when there are no faults, and reads only known ids from an argument', () => {
    assert.deepEqual(faultsOf([]), {});
    assert.deepEqual(describeFaults({}), []);
    assert.deepEqual(presetIdsOf(['internal', 'nope', 'internal', 3]), ['internal'] satisfies FaultPresetId[]);
    assert.deepEqual(presetIdsOf('internal'), []);
    assert.deepEqual(describeFaults(faultsOf(['rateLimit', 'errors5xx'])), ['20% HTTP 5xx', '20% rate-limit answers']);
  });
});
