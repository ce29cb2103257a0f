import { strict as assert } from 'assert';
import { brokenInvariants, densestSecond, maxPerWindow } from '../../soak/figures';
import type { HostReport, SeenRequest } from '../../soak/figures';

const request = (at: number, extra: Partial<SeenRequest> = {}): SeenRequest => ({
  at,
  method: 'getTransactions',
  outcome: 'ok',
  ...extra,
});

function report(extra: Partial<HostReport> = {}): HostReport {
  const kept = { before: 3, after: 3, failureShown: true };
  return {
    seconds: 20,
    vscodeVersion: '1.100.3',
    requests: [request(0), request(500), request(1500)],
    requestsDropped: false,
    memoryStart: { rssBytes: 1, heapUsedBytes: 1 },
    memoryEnd: { rssBytes: 1, heapUsedBytes: 1 },
    unhandledRejections: [],
    activity: {},
    lost: [],
    lastGood: { view: kept, watch: kept, panel: kept },
    ...extra,
  };
}

describe('soak figures', () => {
  it('counts the most arrivals within any one second, the window ending at each arrival and open at its start', () => {
    assert.deepEqual(maxPerWindow([]), { count: 0, endingAt: undefined });
    assert.deepEqual(maxPerWindow([5]), { count: 1, endingAt: 5 });
    // 0 and 1000 are a whole second apart: never in one window (at - 1000, at].
    assert.deepEqual(maxPerWindow([0, 1000, 2000]), { count: 1, endingAt: 0 });
    assert.deepEqual(maxPerWindow([0, 999, 1000, 2000]), { count: 2, endingAt: 999 });
    assert.deepEqual(maxPerWindow([0, 999, 1000, 1998]), { count: 3, endingAt: 1998 });
    // Unsorted input; eleven in 1000.5 ms but never more than ten within a second.
    const spaced = [1000.5, 0, 100, 200, 300, 400, 500, 600, 700, 800, 900];
    assert.deepEqual(maxPerWindow(spaced), { count: 10, endingAt: 900 });
    assert.deepEqual(maxPerWindow([...spaced, 999]), { count: 11, endingAt: 999 });
  });

  it('holds when every count is within bounds and every feature kept its data', () => {
    assert.deepEqual(brokenInvariants(report(), [{ severity: 'info', text: 'Transaction x finished' }], true), []);
  });

  it("counts the service's requests against the limit, not the sandbox's control endpoint's", () => {
    const service = Array.from({ length: 10 }, (_, i) => request(i * 10));
    const control = Array.from({ length: 8 }, (_, i) => request(i * 10 + 5, { method: 'get', control: true }));
    assert.deepEqual(brokenInvariants(report({ requests: [...service, ...control] }), [], true), []);
    assert.deepEqual(brokenInvariants(report({ requests: [...service, request(95), ...control] }), [], true), [
      '11 requests to the service reached the sandbox within one second (at most 10)',
    ]);
  });

  it('names each broken invariant', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => request(i * 50));
    const broken = brokenInvariants(
      report({
        requests: [...eleven, request(600, { outcome: 'rate-limited', method: undefined })],
        unhandledRejections: ['Error: boom'],
        lost: ['the watch of abc no longer shows its status (waiting)'],
        lastGood: {
          view: { before: 50, after: 0, failureShown: true },
          watch: { before: 0, after: 0, failureShown: true },
          panel: { before: 5, after: 5, failureShown: false },
        },
      }),
      [
        { severity: 'error', text: 'Could not refresh' },
        { severity: 'warning', text: 'Slow' },
      ],
      false,
    );
    assert.deepEqual(broken, [
      '12 requests to the service reached the sandbox within one second (at most 10)',
      "the sandbox's own limiter refused 1 request(s)",
      '1 unhandled rejection(s): Error: boom',
      '2 error or warning notification(s): error: Could not refresh | warning: Slow',
      'the probe notification was not seen: the notification count proves nothing',
      'last good data lost: the watch of abc no longer shows its status (waiting)',
      'view: showed 50 before the forced failure and 0 after it',
      'watch: showed no data before the forced failure',
      'panel: the forced failure was not shown in place',
    ]);
  });

  it('an empty soak is no pass', () => {
    assert.deepEqual(brokenInvariants(report({ requests: [] }), [], true), [
      'no request reached the sandbox: nothing was soaked',
    ]);
  });

  it('a soak whose first requests left the journal is no pass', () => {
    assert.deepEqual(brokenInvariants(report({ requestsDropped: true }), [], true), [
      "the sandbox's journal dropped the soak's first requests: every count would be too low",
    ]);
  });

  it('lists the busiest second with each request, from its first', () => {
    const requests = [
      request(0),
      request(2000),
      request(2100, { outcome: 'fault', fault: 'hang' }),
      request(2999.6, { method: undefined, outcome: 'rate-limited' }),
    ];
    assert.deepEqual(densestSecond(requests), [
      '  the busiest second at the sandbox:',
      '    +0 ms getTransactions ok',
      '    +100 ms getTransactions fault (hang)',
      '    +1000 ms (no method) rate-limited',
    ]);
  });
});
