import { strict as assert } from 'assert';
import { InvalidParameterError, TransportError } from '../../../src/api';
import { fetchWatched } from '../../../src/features/watch/watchFetch';
import { typedRecord } from '../support/wireRecord';

const record = (id: string) => typedRecord({ id, status: 'waiting' });

describe('fetchWatched', () => {
  it('asks once for all the ids and returns what the service knows', async () => {
    const calls: string[][] = [];
    const found = await fetchWatched(
      async (ids) => (calls.push([...ids]), new Map([['aaaa1', record('aaaa1')]])),
      ['aaaa1', 'bbbb2'],
    );
    assert.deepEqual(calls, [['aaaa1', 'bbbb2']]);
    assert.deepEqual([...found.keys()], ['aaaa1']);
  });

  it('when the service refuses an id of a batch, asks each alone so the others still update', async () => {
    const calls: string[][] = [];
    const refresh = async (ids: readonly string[]) => {
      calls.push([...ids]);
      if (ids.includes('bad99')) throw new InvalidParameterError('id');
      return new Map(ids.map((id) => [id, record(id)]));
    };
    const found = await fetchWatched(refresh, ['aaaa1', 'bad99', 'cccc3']);
    assert.deepEqual(calls, [['aaaa1', 'bad99', 'cccc3'], ['aaaa1'], ['bad99'], ['cccc3']]);
    assert.deepEqual([...found.keys()].sort(), ['aaaa1', 'cccc3']);
  });

  it('a single refused id reads as not found', async () => {
    const found = await fetchWatched(() => Promise.reject(new InvalidParameterError('id')), ['bad99']);
    assert.equal(found.size, 0);
  });

  it('any other failure fails the poll', async () => {
    await assert.rejects(
      fetchWatched(() => Promise.reject(new TransportError('HTTP 500', 500)), ['aaaa1', 'bbbb2']),
      TransportError,
    );
    await assert.rejects(
      fetchWatched(() => Promise.reject(new InvalidParameterError('limit')), ['aaaa1', 'bbbb2']),
      InvalidParameterError,
    );
  });

  it('a single refused id is asked once only', async () => {
    let calls = 0;
    await fetchWatched(() => (calls++, Promise.reject(new InvalidParameterError('id'))), ['bad99']);
    assert.equal(calls, 1);
  });

  it('a batch that failed otherwise is not asked id by id, even when each id alone would answer', async () => {
    const calls: string[][] = [];
    const refresh = async (ids: readonly string[]) => {
      calls.push([...ids]);
      if (ids.length > 1) throw new TransportError('HTTP 502', 502);
      return new Map(ids.map((id) => [id, record(id)]));
    };
    await assert.rejects(fetchWatched(refresh, ['aaaa1', 'bbbb2']), TransportError);
    assert.deepEqual(calls, [['aaaa1', 'bbbb2']]);
  });

  it('asking id by id stops at the first failure that is no refused id', async () => {
    const calls: string[][] = [];
    const refresh = async (ids: readonly string[]) => {
      calls.push([...ids]);
      if (ids.length > 1) throw new InvalidParameterError('id');
      if (ids[0] === 'bbbb2') throw new TransportError('HTTP 503', 503);
      return new Map(ids.map((id) => [id, record(id)]));
    };
    await assert.rejects(fetchWatched(refresh, ['aaaa1', 'bbbb2', 'cccc3']), TransportError);
    assert.deepEqual(calls, [['aaaa1', 'bbbb2', 'cccc3'], ['aaaa1'], ['bbbb2']]);
  });
});
