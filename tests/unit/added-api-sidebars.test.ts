/**
 * config/added-api-sidebars.ts: each API added beside Tessera's has a sidebar of its own, and the
 * version's API reference links to it, so that no other page carries its items.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {
  addedApiEntryDoc,
  addedApiReferenceLinks,
  addedApiSidebarId,
  addedApiSidebars,
  backToApiReferenceLabel,
  generatedVersionSidebars,
  type AddedApiCategory,
} from '../../config/added-api-sidebars';

const adyen: AddedApiCategory = {
  type: 'category',
  label: 'Adyen Checkout API',
  link: {type: 'doc', id: 'api/adyen-checkout/adyen-checkout-api'},
  items: [{type: 'category', label: 'Payments', items: [{type: 'doc', id: 'api/adyen-checkout/post-payments'}]}],
};
// An API whose generated sidebar has no info page first.
const lockers: AddedApiCategory = {
  type: 'category',
  label: 'Parcel Lockers API',
  items: [{type: 'category', label: 'Lockers', link: {id: 'api/lockers/lockers'}, items: [{type: 'doc', id: 'api/lockers/reserve'}]}],
};

test('an added API opens at its info page, or else at its first page', () => {
  assert.equal(addedApiEntryDoc(adyen), 'api/adyen-checkout/adyen-checkout-api');
  assert.equal(addedApiEntryDoc(lockers), 'api/lockers/lockers');
  assert.throws(() => addedApiEntryDoc({type: 'category', label: 'Empty', items: []}), /has no page/);
});

test('the API reference links to each added API by its URL and title', () => {
  assert.deepEqual(addedApiReferenceLinks([adyen, lockers], '3.0.0'), [
    {type: 'link', href: '/docs/3.0.0/api/adyen-checkout/adyen-checkout-api', label: 'Adyen Checkout API'},
    {type: 'link', href: '/docs/3.0.0/api/lockers/lockers', label: 'Parcel Lockers API'},
  ]);
});

test('each added API has a sidebar of its own: a link back to the API reference, then its category', () => {
  assert.equal(addedApiSidebarId(adyen), 'api-adyen-checkout-api');
  const sidebars = addedApiSidebars([adyen, lockers], '1.0.0', 'api/tessera-api');
  assert.deepEqual(Object.keys(sidebars), ['api-adyen-checkout-api', 'api-parcel-lockers-api']);
  assert.deepEqual(sidebars['api-adyen-checkout-api'], [
    {type: 'link', href: '/docs/1.0.0/api/tessera-api', label: backToApiReferenceLabel},
    adyen,
  ]);
  // Two APIs titled alike would put their pages in one sidebar.
  assert.throws(
    () => addedApiSidebars([adyen, {...lockers, label: 'Adyen checkout API!'}], '3.0.0', 'api/tessera-api'),
    /share the sidebar/,
  );
});

test('the 1.0.0 sidebars the generation writes: Tessera’s with a link per added API, and each added API’s own', () => {
  const tessera = [
    {type: 'doc', id: 'api/tessera-api'},
    {type: 'category', label: 'Orders', items: [{type: 'doc', id: 'api/capture'}]},
  ];
  assert.deepEqual(generatedVersionSidebars(tessera, [], '1.0.0'), {docs: tessera});
  const sidebars = generatedVersionSidebars(tessera, [adyen], '1.0.0');
  assert.deepEqual(sidebars.docs, [
    ...tessera,
    {type: 'link', href: '/docs/1.0.0/api/adyen-checkout/adyen-checkout-api', label: 'Adyen Checkout API'},
  ]);
  assert.deepEqual(sidebars['api-adyen-checkout-api']?.[0], {
    type: 'link',
    href: '/docs/1.0.0/api/tessera-api',
    label: backToApiReferenceLabel,
  });
  assert.throws(() => generatedVersionSidebars([], [adyen], '1.0.0'), /no Tessera page/);
});
