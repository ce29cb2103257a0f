/** The sandbox's active faults in words (the environment item's tooltip) and the presets they came from. */
import { strict as assert } from 'assert';
import { describeFaults, presetsIn } from '../../../src/features/common/faultPresets';

describe('fault words', () => {
  it('latency: fixed, with jitter, or jitter alone', () => {
    assert.deepEqual(describeFaults({ latencyMs: 800, latencyJitterMs: 400 }), ['latency 800 ms (+ up to 400 ms)']);
    assert.deepEqual(describeFaults({ latencyMs: 300 }), ['latency 300 ms']);
    assert.deepEqual(describeFaults({ latencyJitterMs: 200 }), ['latency 0 ms (+ up to 200 ms)']);
    assert.deepEqual(describeFaults({ latencyMs: 0, latencyJitterMs: 0 }), []);
  });

  it('each rate as a share in per cent, in a fixed order', () => {
    assert.deepEqual(describeFaults({ rates: { hang: 0.25 } }), ['25% hanging']);
    assert.deepEqual(describeFaults({ rates: { hang: 1 } }), ['service down (no answers)']);
    assert.deepEqual(describeFaults({ rates: { http500: 0.1, http502: 0.05, http503: 0.05 } }), ['20% HTTP 5xx']);
    assert.deepEqual(describeFaults({ rates: { http503: 0.1 } }), ['10% HTTP 5xx']);
    assert.deepEqual(describeFaults({ rates: { internalError: 0.2 } }), ['20% -32603']);
    assert.deepEqual(describeFaults({ rates: { slow: 0.4, wrongId: 0.3, truncated: 0.2, nonJson: 0.1 } }), [
      '10% nonJson',
      '20% truncated',
      '30% wrongId',
      '40% slow',
    ]);
    assert.deepEqual(describeFaults({ rates: { nonJson: 0, hang: 0 } }), []);
  });

  it('hostile records and queued faults', () => {
    assert.deepEqual(describeFaults({ hostile: 1 / 3 }), ['33% hostile records']);
    assert.deepEqual(describeFaults({ next: ['http500', 'nonJson'] }), ['2 queued']);
    assert.deepEqual(describeFaults({ next: [] }), []);
  });

  it('everything at once, one phrase per kind in that order', () => {
    assert.deepEqual(
      describeFaults({
        latencyMs: 50,
        rates: { hang: 0.1, http502: 0.2, internalError: 0.3, rateLimited: 0.4, truncated: 0.5 },
        hostile: 0.5,
        next: ['slow'],
      }),
      [
        'latency 50 ms',
        '10% hanging',
        '20% HTTP 5xx',
        '30% -32603',
        '40% rate-limit answers',
        '50% truncated',
        '50% hostile records',
        '1 queued',
      ],
    );
  });

  it('any one 5xx rate reads as the 5xx preset', () => {
    assert.deepEqual(presetsIn({ rates: { http500: 0.1 } }), ['errors5xx']);
    assert.deepEqual(presetsIn({ rates: { http502: 0.1 } }), ['errors5xx']);
    assert.deepEqual(presetsIn({ rates: { http503: 0.1 } }), ['errors5xx']);
    assert.deepEqual(presetsIn({ rates: { http500: 0, http502: 0, http503: 0 } }), []);
  });
});
