// The server host's channel for the tests' requests to the workbench page: what it accepts.
// A screenshot's name is a place below media/ and nothing else (no "..", no absolute path).
import { strict as assert } from 'assert';
import { parseRequest } from '../runner/workbenchChannel';

describe('workbench channel requests', () => {
  it('accepts screenshots, queries and clicks as the tests write them', () => {
    assert.deepEqual(
      parseRequest(
        '{"kind":"screenshot","name":"walkthrough/hover-dark","clip":[".monaco-hover"],"margin":12,"waitFor":".monaco-hover"}',
      ),
      {
        kind: 'screenshot',
        name: 'walkthrough/hover-dark',
        clip: ['.monaco-hover'],
        margin: 12,
        waitFor: '.monaco-hover',
      },
    );
    assert.deepEqual(parseRequest('{"kind":"screenshot","name":"screenshots/details"}'), {
      kind: 'screenshot',
      name: 'screenshots/details',
    });
    assert.deepEqual(
      parseRequest(
        '{"kind":"screenshot","name":"walkthrough/request-dark","clip":[".part.editor"],"maxWidth":480,"maxHeight":300,"scale":"device"}',
      ),
      {
        kind: 'screenshot',
        name: 'walkthrough/request-dark',
        clip: ['.part.editor'],
        maxWidth: 480,
        maxHeight: 300,
        scale: 'device',
      },
    );
    assert.deepEqual(parseRequest('{"kind":"query","selector":".getting-started-step","attribute":"aria-checked"}'), {
      kind: 'query',
      selector: '.getting-started-step',
      attribute: 'aria-checked',
    });
    assert.deepEqual(parseRequest('{"kind":"click","selector":".monaco-button"}'), {
      kind: 'click',
      selector: '.monaco-button',
    });
  });

  it('refuses a screenshot name that leaves media/ or is not plain lowercase words', () => {
    for (const name of [
      '../package',
      'screenshots/../../x',
      '/tmp/x',
      'a/b/c',
      'Hover',
      'hover.png',
      '',
      'screenshots/',
      'a b',
    ]) {
      assert.equal(
        parseRequest(JSON.stringify({ kind: 'screenshot', name })),
        'a screenshot needs a name such as "screenshots/hover"',
        name,
      );
    }
  });

  it('says what is wrong with anything else', () => {
    assert.equal(parseRequest('not json'), 'the request is not JSON');
    assert.equal(parseRequest('null'), 'the request is not an object');
    assert.equal(parseRequest('{"kind":"type","text":"x"}'), 'unknown kind');
    assert.equal(parseRequest('{"kind":"query"}'), 'a query needs a selector');
    assert.equal(parseRequest('{"kind":"click","selector":3}'), 'a click needs a selector');
    assert.equal(
      parseRequest('{"kind":"screenshot","name":"screenshots/x","clip":".a"}'),
      'clip is a list of selectors',
    );
    assert.equal(parseRequest('{"kind":"screenshot","name":"screenshots/x","margin":"8"}'), 'margin is a number');
    for (const bad of ['0', '-5', '1.5', '"480"']) {
      assert.equal(
        parseRequest(`{"kind":"screenshot","name":"screenshots/x","maxWidth":${bad}}`),
        'maxWidth is a positive whole number of pixels',
        bad,
      );
      assert.equal(
        parseRequest(`{"kind":"screenshot","name":"screenshots/x","maxHeight":${bad}}`),
        'maxHeight is a positive whole number of pixels',
        bad,
      );
    }
    assert.equal(
      parseRequest('{"kind":"screenshot","name":"screenshots/x","scale":"retina"}'),
      'scale is "css" or "device"',
    );
  });
});
