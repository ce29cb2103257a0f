/** Where a hover answers for an id it did not find: logs and request documents by default, code never. */
import { strict as assert } from 'assert';
import { namesDocument } from '../../../src/features/lookup/missScope';
import { SETTING_RULES } from '../../../src/shared/settingValues';

describe('where a hover answers a miss', () => {
  const defaults = SETTING_RULES['exchangeTx.hover.answerMissesIn'].default;

  it('by default: logs and request documents, not code or plain text', () => {
    assert.equal(namesDocument(defaults, 'log', '/w/out.txt'), true, 'the log language');
    assert.equal(namesDocument(defaults, 'plaintext', '/w/server.LOG'), true, 'a .log file, any case');
    assert.equal(namesDocument(defaults, 'json', '/w/requests/create.exchange.json'), true, 'a request document');
    assert.equal(namesDocument(defaults, 'typescript', '/w/src/app.ts'), false);
    assert.equal(namesDocument(defaults, 'json', '/w/package.json'), false);
    assert.equal(namesDocument(defaults, 'plaintext', '/w/notes.txt'), false);
    assert.equal(
      namesDocument(defaults, 'plaintext', '/w/catalog'),
      false,
      'a name ending in "log" is not a .log file',
    );
  });

  it('a language ID names that language only; a pattern names file endings', () => {
    assert.equal(namesDocument(['typescript'], 'typescript', '/a.ts'), true);
    assert.equal(namesDocument(['typescript'], 'typescriptreact', '/a.tsx'), false);
    assert.equal(namesDocument(['*.ts'], 'javascript', '/a.ts'), true);
    assert.equal(namesDocument([], 'log', '/a.log'), false, 'an empty list: silent everywhere');
  });
});
