/** Links to the search results page (src/lib/search-page-url.ts). */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {searchPageUrl, searchableVersions, versionOfSearchParameter} from '../../src/lib/search-page-url';
import {docsVersions} from '../../config/site-constants';

test('a link to the results page names an older version as the folder the search plugin reads, with its slash', () => {
  assert.equal(searchPageUrl('refund ordr', docsVersions.legacy.path), '/search?q=refund+ordr&version=docs%2F1.0.0%2F');
  assert.equal(searchPageUrl('refund'), '/search?q=refund');
  assert.equal(searchPageUrl('', docsVersions.current.path), '/search');
  assert.equal(searchPageUrl('', docsVersions.legacy.path), '/search?version=docs%2F1.0.0%2F');
});

test('the results page reads back the version each link names, and the current one otherwise', () => {
  for (const version of searchableVersions) {
    const parameter = new URL(searchPageUrl('x', version.path), 'https://docs.example').searchParams.get('version');
    assert.equal(versionOfSearchParameter(parameter), version);
  }
  assert.equal(versionOfSearchParameter('docs/1.0.0'), docsVersions.current, 'the old link without its slash is not a version');
  assert.equal(versionOfSearchParameter(null), docsVersions.current);
});
