/**
 * What the list tool reads of its input, exactly: `since` as an ISO 8601 time (every form the
 * pattern takes, the zone assumed UTC, the 2001–2286 bound of 16-digit microseconds) and durations
 * (units, ISO 8601, the 1 s and 366 d bounds), each refusal with its field and words.
 */
import { strict as assert } from 'assert';
import { durationMs, MAX_LIST_LIMIT, MAX_STUCK_SCAN, sinceMicros } from '../../../src/agents/listTool';
import { OPEN_STATUSES } from '../../../src/shared/status';
import { AgentInputError } from '../../../src/agents/validation';

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof AgentInputError, String(error));
    return error.message;
  }
  assert.fail('accepted');
}

describe("agent tools: the list tool's input", () => {
  it('reads `since` in each ISO 8601 form, as UTC when no zone is given', () => {
    const at = (iso: string) => Date.parse(iso) * 1000;
    assert.equal(sinceMicros('2026-11-25T10:00:00Z'), at('2026-11-25T10:00:00Z'));
    assert.equal(sinceMicros('2026-11-25T10:00:00'), at('2026-11-25T10:00:00Z'));
    assert.equal(sinceMicros('2026-11-25 10:00'), at('2026-11-25T10:00:00Z'));
    assert.equal(sinceMicros('  2026-11-25T10:00:00.123456789z  '), at('2026-11-25T10:00:00.123Z'));
    assert.equal(sinceMicros('2026-11-25T10:00:00+02:00'), at('2026-11-25T08:00:00Z'));
    assert.equal(sinceMicros('2026-11-25T10:00-0130'), at('2026-11-25T11:30:00Z'));
    assert.equal(sinceMicros('2026-11-25'), at('2026-11-25T00:00:00Z'));
    assert.equal(sinceMicros('2001-09-09T01:46:40Z'), 1e15, 'the first 16-digit microsecond');
  });

  it('refuses other forms, invalid dates and times outside 2001–2286', () => {
    const form = '"since" must be an ISO 8601 time such as 2026-11-25T10:00:00Z';
    for (const bad of [
      '',
      'yesterday',
      '2026-11-25T10',
      '2026/11/25',
      '26-11-25',
      '2026-11-25T10:00:00.1234567890Z',
      '2026-11-25T10:00:00+2',
      'x2026-11-25',
      '2026-11-25x',
    ])
      assert.equal(
        refusal(() => sinceMicros(bad)),
        form,
        bad,
      );
    assert.equal(
      refusal(() => sinceMicros('2026-13-45T10:00:00Z')),
      '"since" is not a valid time',
    );
    assert.equal(
      refusal(() => sinceMicros('2001-09-09T01:46:39Z')),
      '"since" must be between 2001 and 2286',
    );
    assert.equal(
      refusal(() => sinceMicros('1970-01-01')),
      '"since" must be between 2001 and 2286',
    );
    assert.equal(
      refusal(() => sinceMicros('2286-11-20T17:46:40Z')),
      '"since" must be between 2001 and 2286',
    );
    assert.equal(sinceMicros('2286-11-20T17:46:39Z'), Date.parse('2286-11-20T17:46:39Z') * 1000);
  });

  it('reads durations in units, mixed, spaced and ISO 8601, within 1 second and 366 days', () => {
    assert.equal(durationMs('1s'), 1000);
    assert.equal(durationMs('2 h 5 min'), 7_500_000);
    assert.equal(durationMs('1d1h1m1s'), 90_061_000);
    assert.equal(durationMs('366d'), 366 * 86_400_000);
    assert.equal(durationMs('PT1S'), 1000);
    assert.equal(durationMs('pt90m'), 5_400_000);
    assert.equal(durationMs('P366D'), 366 * 86_400_000);
    assert.equal(durationMs('PT1H30M'), 5_400_000);
    const words = '"inStatusLongerThan" must be a duration such as "30m", "1h", "2d", "1h30m" or "PT1H"';
    for (const bad of ['h', '1', '1y', '-1h', '1.5h', 'P1H', 'PT1D', 'P1DT', 'PT', 'P', '1h x'])
      assert.equal(
        refusal(() => durationMs(bad)),
        words,
        bad,
      );
    const bounds = '"inStatusLongerThan" must be between 1 second and 366 days';
    assert.equal(
      refusal(() => durationMs('0s')),
      bounds,
    );
    assert.equal(
      refusal(() => durationMs('PT0S')),
      bounds,
    );
    assert.equal(
      refusal(() => durationMs('367d')),
      bounds,
    );
    assert.equal(
      refusal(() => durationMs('P366DT1S')),
      bounds,
    );
    assert.equal(
      refusal(() => durationMs('8785h')),
      bounds,
    );
    assert.equal(
      refusal(() => durationMs('x', 'skip')),
      '"skip" must be a duration such as "30m", "1h", "2d", "1h30m" or "PT1H"',
    );
  });

  it('lists up to 100, searches up to 300 records for stuck ones, in the statuses that are not final', () => {
    assert.equal(MAX_LIST_LIMIT, 100);
    assert.equal(MAX_STUCK_SCAN, 300);
    assert.deepEqual([...OPEN_STATUSES].sort(), ['confirming', 'exchanging', 'hold', 'sending', 'waiting'].sort());
  });
});
