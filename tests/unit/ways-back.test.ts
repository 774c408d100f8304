import {test} from 'node:test';
import assert from 'node:assert/strict';
import {docsVersionOfPath, searchTermFromPath} from '../../src/components/WaysBack/paths';
import {docsVersions} from '../../config/site-constants';

test('the search suggestion is the last word of the missing path, without versions or separators', () => {
  assert.equal(searchTermFromPath('/docs/3.0.0/api/capture-the-moon'), 'capture the moon');
  assert.equal(searchTermFromPath('/docs/1.0.0/api/purchase_decision/'), 'purchase decision');
  assert.equal(searchTermFromPath('/old-page.html'), 'old page');
  assert.equal(searchTermFromPath('/docs/caf%C3%A9'), 'café');
  assert.equal(searchTermFromPath('/docs/bad%E0'), 'bad%E0');
  assert.equal(searchTermFromPath('/'), '');
  assert.equal(searchTermFromPath('/docs/3.0.0'), '');
});

test('a path belongs to 1.0.0 only under /docs/1.0.0', () => {
  assert.equal(docsVersionOfPath('/docs/1.0.0/api/read-session'), docsVersions.legacy);
  assert.equal(docsVersionOfPath('/docs/1.0.0'), docsVersions.legacy);
  assert.equal(docsVersionOfPath('/docs/1.0.01/api'), docsVersions.current);
  assert.equal(docsVersionOfPath('/docs/3.0.0/sdk/sdk/intro'), docsVersions.current);
  assert.equal(docsVersionOfPath('/nowhere'), docsVersions.current);
});
