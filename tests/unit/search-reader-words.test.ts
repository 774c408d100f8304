/**
 * What the search does with the words readers type (src/plugins/search-local/sharded-index/
 * reader-words.ts and query.ts): a question searched without its filler, other providers' words
 * searched as the pages' words, and among text results the passages that hold the words side by
 * side first, a page's lead before the rest.
 */
import assert from 'node:assert/strict';
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import lunr from 'lunr';
import {buildShardedIndex, type PluginIndex} from '../../src/plugins/search-local/sharded-index/build';
import {
  isReaderWord,
  queryRewrites,
  readerSynonyms,
  withoutQuestion,
  withSynonyms,
  wordsOf,
} from '../../src/plugins/search-local/sharded-index/reader-words';
import {
  holdsPhrase,
  rewrittenQueries,
  ShardedSearch,
  type PluginQueryFunctions,
  type SmartQuery,
} from '../../src/plugins/search-local/sharded-index/query';

/**
 * The plugin's query expansion for English, as its smartQueries builds it: the words without lunr's
 * stop words (which the index never holds), every one required; the last also as a prefix; then
 * the same within one edit; then, for three words or more, each with one word left out.
 */
function smartQueries(tokens: string[]): SmartQuery[] {
  const words = tokens.filter((token) => lunr.stopWordFilter(new lunr.Token(token, {})));
  const required = lunr.Query.presence.REQUIRED;
  const build = (of: string[], editDistance: number, prefix: boolean): SmartQuery => ({
    tokens: of,
    term: of.map((value, index) => ({
      value,
      presence: required,
      wildcard: prefix && index === of.length - 1 ? lunr.Query.wildcard.TRAILING : lunr.Query.wildcard.NONE,
      ...(editDistance && value.length > editDistance ? {editDistance} : {}),
    })),
  });
  const all = (of: string[]) => [build(of, 0, false), build(of, 0, true), build(of, 1, false), build(of, 1, true)];
  const fewer = words.length > 2 ? words.map((_, left) => words.filter((__, at) => at !== left)) : [];
  return [...all(words), ...fewer.flatMap(all)];
}

const plugin: PluginQueryFunctions = {
  tokenize: (input) => wordsOf(input),
  smartQueries,
  sortSearchResults: () => {},
  processTreeStatusOfSearchResults: () => {},
  language: ['en'],
};

test('a question is also searched without its filler words, and only a question', () => {
  assert.deepEqual(withoutQuestion(wordsOf('how many times are webhooks retried')), ['how', 'are', 'webhooks', 'retried']);
  assert.deepEqual(withoutQuestion(wordsOf('how long is a secret valid')), ['how', 'is', 'a', 'secret', 'valid']);
  assert.equal(withoutQuestion(wordsOf('as many parts as you need')), undefined, 'not a question');
  assert.equal(withoutQuestion(wordsOf('how do i refund an order')), undefined, 'no filler: the query as typed');
  assert.equal(withoutQuestion(wordsOf('how many')), undefined, 'nothing left to search');
});

test("a reader's word is searched as the pages' word, plurals and phrases included", () => {
  assert.deepEqual(withSynonyms(['webhooks', 'retried']), [['notification', 'retried']]);
  assert.deepEqual(withSynonyms(wordsOf('pay by link')), [['hosted', 'payment', 'page']]);
  assert.deepEqual(withSynonyms(wordsOf('3-d secure')), [['strong', 'customer', 'authentication']]);
  assert.deepEqual(withSynonyms(wordsOf('reversal of a capture')), [
    ['cancel', 'of', 'a', 'capture'],
    ['refund', 'of', 'a', 'capture'],
  ]);
  assert.deepEqual(withSynonyms(wordsOf('partial refund')), [], 'the pages’ own words are not rewritten');
  assert.ok(isReaderWord('webhooks') && isReaderWord('chargeback'));
  assert.ok(!isReaderWord('refund') && !isReaderWord('notification'));
});

test('a question comes first without its filler, then as typed, then with the pages’ words', () => {
  assert.deepEqual(queryRewrites(wordsOf('how many times are webhooks retried')), [
    ['how', 'are', 'webhooks', 'retried'],
    ['how', 'many', 'times', 'are', 'webhooks', 'retried'],
    ['how', 'are', 'notification', 'retried'],
    ['how', 'many', 'times', 'are', 'notification', 'retried'],
  ]);
  assert.deepEqual(queryRewrites(wordsOf('void an order')), [wordsOf('void an order'), wordsOf('cancel an order')]);
  assert.deepEqual(queryRewrites(['refund']), [['refund']]);
});

test('every word of a rewrite is searched before a typo of the words as typed, and before fewer words', () => {
  const queries = rewrittenQueries(wordsOf('void the order'), smartQueries);
  const describe = (query: SmartQuery) =>
    `${query.tokens.join(' ')}${query.term.some((term) => term.editDistance) ? ' ~1' : ''}${query.term.some((term) => term.wildcard) ? ' *' : ''}`;
  assert.deepEqual(queries.map(describe), [
    'void order',
    'void order *',
    'cancel order',
    'cancel order *',
    'void order ~1',
    'void order ~1 *',
    'cancel order ~1',
    'cancel order ~1 *',
  ]);
  const long = rewrittenQueries(wordsOf('void a partly captured order'), smartQueries).map(describe);
  assert.ok(long.indexOf('cancel partly captured order ~1') < long.indexOf('void partly captured'), long.join(' | '));
});

test('every word a synonym leads to is a word of the pages', () => {
  const docs = path.resolve(import.meta.dirname, '../../docs');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.mdx?$/.test(name)) files.push(full);
    }
  };
  walk(docs);
  const text = files.map((file) => readFileSync(file, 'utf8').toLowerCase()).join('\n');
  const missing = readerSynonyms.flatMap(([, pages]) =>
    pages.filter((phrase) => !new RegExp(`\\b${wordsOf(phrase).join('[\\s-]+')}`).test(text)),
  );
  assert.deepEqual(missing, []);
});

test('a passage holds a phrase when its words follow each other, stop words between them allowed', () => {
  assert.ok(holdsPhrase('Free-form pairs. At most 20 keys; keys are short.', ['20', 'keys']));
  assert.ok(!holdsPhrase('metadata: up to 20 string key-value pairs', ['20', 'keys']));
  assert.ok(holdsPhrase('Once the secret has expired, every call fails', ['secret', 'expired']));
  assert.ok(holdsPhrase('Refunds can be partial refunds of a capture', ['partial', 'ref']), 'the last word as a start');
  assert.ok(!holdsPhrase('expired secret', ['secret', 'expired']), 'in order');
  assert.ok(!holdsPhrase('At most 20 keys', ['keys']), 'one word is no phrase');
});

// Two pages that say "20" and "keys": a guide says them apart, often, and once together far down;
// the metadata object says "At most 20 keys" in its lead.
const guideText = [
  'Send at most 20 requests a second with your API keys. Keep the keys in a vault; rotate keys every 20 days.',
  'Each key has 20 scopes. Keys of the sandbox start with key_test.',
  'Metadata holds at most 20 keys of your own.',
];
const pluginIndex: PluginIndex = [
  {
    documents: [
      {i: 1, t: 'Authenticate', u: '/docs/3.0.0/guides/authenticate', b: ['Guides']},
      {i: 5, t: 'Metadata object', u: '/docs/3.0.0/objects/metadata', b: ['Objects']},
      {i: 8, t: 'Notifications', u: '/docs/3.0.0/notifications', b: []},
    ],
  },
  {documents: []},
  {documents: []},
  {documents: []},
  {
    documents: [
      ...guideText.map((t, at) => ({i: 2 + at, t, s: 'Authenticate', u: '/docs/3.0.0/guides/authenticate', h: `#part-${at}`, p: 1})),
      {
        i: 6,
        t: 'Free-form key-value pairs for your own use. At most 20 keys.',
        s: 'Metadata object',
        u: '/docs/3.0.0/objects/metadata',
        h: '',
        p: 5,
      },
      {
        i: 9,
        t: 'A notification that your endpoint refuses is retried for 3 days, then given up.',
        s: 'Notifications',
        u: '/docs/3.0.0/notifications',
        h: '#retries',
        p: 8,
      },
    ],
  },
];

function searchOver(index: PluginIndex): ShardedSearch {
  const {manifest, files} = buildShardedIndex(index, '/assets/search/', {
    termShardChars: 400,
    outlineShardChars: 400,
    documentShardChars: 400,
    passageChars: 400,
  });
  return new ShardedSearch(manifest, async (file) => JSON.parse(files.get(file)!) as unknown, plugin);
}

test('the page whose lead holds the words side by side comes first among text results', async () => {
  const pages = (await searchOver(pluginIndex).search('at most 20 keys', 6)).map((result) => result.document.u);
  assert.deepEqual(pages, ['/docs/3.0.0/objects/metadata', '/docs/3.0.0/guides/authenticate']);
});

test('a question in plain words with another provider’s word finds the page in the pages’ words', async () => {
  const search = searchOver(pluginIndex);
  for (const query of ['how many times are webhooks retried', 'webhook retried', 'how many times are notifications retried']) {
    const pages = (await search.search(query, 6, query)).map((result) => result.document.u);
    assert.deepEqual(pages, ['/docs/3.0.0/notifications'], query);
  }
});
