/**
 * The sharded search index (src/plugins/search-local/sharded-index): what the build writes, and
 * that a search over it fetches only the shards it needs and finds and scores what lunr finds over
 * the whole index.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import lunr from 'lunr';
import {addressKeywords, buildShardedIndex, splitIntoPassages, type PluginIndex} from '../../src/plugins/search-local/sharded-index/build';
import type {DocumentShard, TermShard} from '../../src/plugins/search-local/sharded-index/format';
import {
  ShardedSearch,
  termPositions,
  type PluginQueryFunctions,
  type SearchResult,
  type SmartQuery,
} from '../../src/plugins/search-local/sharded-index/query';

/**
 * The plugin's query expansion for English words, as its smartQueries builds it: every word
 * required; the last one also as a prefix; then the same within one edit for words longer than one letter.
 */
function smartQueries(tokens: string[]): SmartQuery[] {
  const required = lunr.Query.presence.REQUIRED;
  const build = (editDistance: number, prefix: boolean): SmartQuery => ({
    tokens,
    term: tokens.map((value, index) => ({
      value,
      presence: required,
      wildcard: prefix && index === tokens.length - 1 ? lunr.Query.wildcard.TRAILING : lunr.Query.wildcard.NONE,
      ...(editDistance && value.length > editDistance ? {editDistance} : {}),
    })),
  });
  return [build(0, false), build(0, true), build(1, false), build(1, true)];
}

const plugin: PluginQueryFunctions = {
  tokenize: (input) => input.toLowerCase().match(/[^-\s]+/g) ?? [],
  smartQueries,
  sortSearchResults: () => {},
  processTreeStatusOfSearchResults: () => {},
  language: ['en'],
};

const refundText =
  'A refund returns captured money to the shopper. Refunds are possible for 180 days after the capture; after that the API answers refund_window_closed.';
const pluginIndex: PluginIndex = [
  {
    documents: [
      {i: 1, t: 'Refunding orders', u: '/docs/3.0.0/refunds', b: ['Payment steps']},
      {i: 4, t: 'Capturing orders', u: '/docs/3.0.0/captures', b: ['Payment steps']},
      {i: 7, t: 'Address object', u: '/docs/3.0.0/objects/address', b: ['Objects']},
    ],
  },
  {
    documents: [
      {i: 2, t: 'Partial refunds', u: '/docs/3.0.0/refunds', h: '#partial', p: 1},
      {i: 5, t: 'Capture in parts', u: '/docs/3.0.0/captures', h: '#parts', p: 4},
    ],
  },
  {documents: [{i: 1, t: 'How to give money back to a shopper.', s: 'Refunding orders', u: '/docs/3.0.0/refunds', p: 1}]},
  {documents: []},
  {
    documents: [
      {i: 3, t: refundText, s: 'Partial refunds', u: '/docs/3.0.0/refunds', h: '#partial', p: 1},
      {
        i: 6,
        t: 'Capture what you ship, when you ship it, in as many parts as you need.',
        s: 'Capture in parts',
        u: '/docs/3.0.0/captures',
        h: '#parts',
        p: 4,
      },
      {
        i: 8,
        t: 'careOf string Optional Care-of name (c/o), if the recipient does not live at the address under their own name. postalCode string Required Postal code as written in the country.',
        s: 'Address object',
        u: '/docs/3.0.0/objects/address',
        h: '',
        p: 7,
      },
    ],
  },
];

/** Small shards, so that this small index has several of each. */
const sizes = {termShardChars: 200, outlineShardChars: 120, documentShardChars: 300, passageChars: 120};

function inMemory(files: Map<string, string>) {
  const loaded: string[] = [];
  const load = async (file: string) => {
    loaded.push(file);
    const content = files.get(file);
    if (content === undefined) throw new Error(`No shard ${file}`);
    return JSON.parse(content) as unknown;
  };
  return {loaded, load};
}

test('passages are cut at sentence ends near the target length, and keep every word', () => {
  const text = `${'One sentence here. '.repeat(10)}${'word '.repeat(80)}end.`;
  const passages = splitIntoPassages(text, 60);
  assert.ok(passages.length > 5);
  for (const passage of passages) assert.ok(passage.length <= 120, passage);
  assert.equal(passages.join(' ').replace(/\s+/g, ' '), text.trim().replace(/\s+/g, ' '));
  assert.ok(passages[0]!.endsWith('here.'));
});

test('the manifest lists term shards by first term and document shards by first reference, each file named by its content', () => {
  const {manifest, files} = buildShardedIndex(pluginIndex, '/assets/search/', sizes);
  assert.equal(manifest.base, '/assets/search/');
  assert.ok(manifest.terms.length > 2, 'several term shards');
  assert.ok(manifest.documents.length > 2, 'several document shards');
  const firsts = manifest.terms.map(([first]) => first);
  assert.deepEqual([...firsts].sort(), firsts);
  const allTerms: string[] = [];
  for (const [first, file] of manifest.terms) {
    const shard = JSON.parse(files.get(file)!) as TermShard;
    const terms = Object.keys(shard).sort();
    assert.equal(terms[0], first);
    allTerms.push(...terms);
  }
  assert.equal(new Set(allTerms).size, allTerms.length, 'each term in one shard');
  assert.ok(allTerms.includes('refund') && allTerms.includes('postal') && allTerms.includes('refund_window_clos'));
  // Documents: contiguous references from 1, the pages' outlines first, a page's description kept with its title.
  let next = 1;
  for (const [first, file] of manifest.documents) {
    const shard = JSON.parse(files.get(file)!) as DocumentShard;
    assert.equal(shard.first, first);
    assert.equal(first, next);
    next += shard.documents.length;
  }
  const firstShard = JSON.parse(files.get(manifest.documents[0]![1])!) as DocumentShard;
  assert.deepEqual(firstShard.documents[0], {
    t: 'Refunding orders',
    u: '/docs/3.0.0/refunds',
    b: ['Payment steps'],
    d: 'How to give money back to a shopper.',
    // The words of its address that its title does not say.
    k: 'refunds',
  });
  for (const [name, content] of files) assert.match(name, /^[0-9a-f]{16}\.json$/, content.slice(0, 40));
  // Same input, same files.
  assert.deepEqual([...buildShardedIndex(pluginIndex, '/assets/search/', sizes).files.keys()].sort(), [...files.keys()].sort());
});

test('a search fetches only the shards of its words and of its results', async () => {
  const {manifest, files} = buildShardedIndex(pluginIndex, '/assets/search/', sizes);
  const {loaded, load} = inMemory(files);
  const search = new ShardedSearch(manifest, load, plugin);
  const results = await search.search('postal code', 8);
  assert.ok(results.length > 0);
  assert.equal(results[0]!.document.u, '/docs/3.0.0/objects/address');
  const termFiles = new Set(manifest.terms.map(([, file]) => file));
  const documentFiles = new Set(manifest.documents.map(([, file]) => file));
  const loadedTerms = loaded.filter((file) => termFiles.has(file));
  const loadedDocuments = loaded.filter((file) => documentFiles.has(file));
  assert.ok(loadedTerms.length >= 1 && loadedTerms.length < termFiles.size, `${loadedTerms.length} of ${termFiles.size} term shards`);
  assert.ok(
    loadedDocuments.length >= 1 && loadedDocuments.length < documentFiles.size,
    `${loadedDocuments.length} of ${documentFiles.size} document shards`,
  );
  // A second search for the same words fetches nothing more.
  const before = loaded.length;
  await search.search('postal code', 8);
  assert.equal(loaded.length, before);
});

test('a search fetches its results’ documents in one round of requests, a text result’s page title coming with its passage', async () => {
  const {manifest, files} = buildShardedIndex(pluginIndex, '/assets/search/', sizes);
  const documentFiles = new Set(manifest.documents.map(([, file]) => file));
  let firstPassage = 0;
  for (const delta of manifest.passages.slice(0, 1)) firstPassage += delta;
  const outlineFiles = new Set(manifest.documents.filter(([first]) => first < firstPassage).map(([, file]) => file));
  assert.ok(outlineFiles.size > 0 && outlineFiles.size < documentFiles.size);
  let documentsArrived = 0;
  const late: string[] = [];
  const requested: string[] = [];
  const load = async (file: string) => {
    if (documentFiles.has(file)) {
      requested.push(file);
      if (documentsArrived > 0) late.push(file);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (documentFiles.has(file)) documentsArrived += 1;
    return JSON.parse(files.get(file)!) as unknown;
  };
  const results = await new ShardedSearch(manifest, load, plugin).search('captured money', 8);
  const text = results.filter((result) => result.type === 4);
  assert.ok(text.length > 0 && text.length === results.length, results.map((result) => result.type).join());
  assert.ok(text.every((result) => result.page && result.page.t && result.page.u === result.document.u));
  assert.equal(text.find((result) => result.document.u === '/docs/3.0.0/refunds')?.page && 'found', 'found');
  assert.deepEqual(
    requested.filter((file) => outlineFiles.has(file)),
    [],
    'no outline shard for text results',
  );
  assert.deepEqual(late, []);
  // A heading's result needs its outline shard, fetched in the same single round.
  requested.length = 0;
  late.length = 0;
  documentsArrived = 0;
  const heading = (await new ShardedSearch(manifest, load, plugin).search('capture parts', 8)).find((result) => result.type === 1);
  assert.equal(heading?.page && heading.page.t, 'Capturing orders');
  assert.ok(requested.some((file) => outlineFiles.has(file)));
  assert.deepEqual(late, []);
});

test('a query that a newer one from the same box overtook fetches no documents and answers with the newest results', async () => {
  const {manifest, files} = buildShardedIndex(pluginIndex, '/assets/search/', sizes);
  const documentFiles = new Set(manifest.documents.map(([, file]) => file));
  const alone = inMemory(files);
  const newestAlone = await new ShardedSearch(manifest, alone.load, plugin).search('captured money', 8);

  const {loaded, load} = inMemory(files);
  const search = new ShardedSearch(manifest, load, plugin);
  // A reader types on: the second query arrives while the first waits for its term shards.
  const overtaken = search.search('postal code', 8);
  const newest = search.search('captured money', 8);
  // The results page asks with its own limit, and is not overtaken by the navbar's box.
  const otherBox = search.search('refunding orders', 100);
  assert.deepEqual(await overtaken, await newest);
  assert.deepEqual(await newest, newestAlone);
  assert.equal((await otherBox)[0]?.document.t, 'Refunding orders');
  const documentsOf = (files: string[]) => new Set(files.filter((file) => documentFiles.has(file)));
  // Every document shard fetched was for the newest query or for the other box, none for the overtaken one alone.
  const otherAlone = inMemory(files);
  await new ShardedSearch(manifest, otherAlone.load, plugin).search('refunding orders', 100);
  const needed = new Set([...documentsOf(alone.loaded), ...documentsOf(otherAlone.loaded)]);
  assert.deepEqual(
    [...documentsOf(loaded)].filter((file) => !needed.has(file)),
    [],
  );
  assert.deepEqual(documentsOf(loaded), needed);
});

/**
 * A loader whose document shards wait until the test lets them through (`release`), as they would
 * on a slow link; term shards arrive at once.
 */
function documentsHeld(files: Map<string, string>, documentFiles: Set<string>) {
  const {load} = inMemory(files);
  const held: {file: string; release: () => void}[] = [];
  return {
    held,
    load: (file: string) =>
      documentFiles.has(file) ? new Promise<unknown>((resolve) => held.push({file, release: () => resolve(load(file))})) : load(file),
    /** Resolves once some document shard is waiting. */
    async waiting(): Promise<void> {
      while (held.length === 0) await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

test('a query overtaken while its documents were on their way answers with its own results', async () => {
  const {manifest, files} = buildShardedIndex(pluginIndex, '/assets/search/', sizes);
  const documentFiles = new Set(manifest.documents.map(([, file]) => file));
  const alone = await new ShardedSearch(manifest, inMemory(files).load, plugin).search('captured money', 8);
  const link = documentsHeld(files, documentFiles);
  const search = new ShardedSearch(manifest, link.load, plugin);
  const overtaken = search.search('captured money', 8);
  await link.waiting();
  const newest = search.search('capture parts', 8);
  // Only the first query's documents arrive: it answers with what it found, which the box shows while the newest waits.
  for (const {release} of link.held.splice(0)) release();
  assert.deepEqual(await overtaken, alone);
  await link.waiting();
  for (const {release} of link.held.splice(0)) release();
  assert.equal((await newest).find((result) => result.type === 1)?.document.t, 'Capture in parts');
});

test('queries that waited for the same documents answer together with the newest one’s results', async () => {
  const {manifest, files} = buildShardedIndex(pluginIndex, '/assets/search/', sizes);
  const documentFiles = new Set(manifest.documents.map(([, file]) => file));
  const {load} = inMemory(files);
  // Every document shard arrives at one moment, as one shard that several queries wait for does.
  let arrive!: () => void;
  const arrival = new Promise<void>((resolve) => (arrive = resolve));
  const search = new ShardedSearch(manifest, (file) => (documentFiles.has(file) ? arrival.then(() => load(file)) : load(file)), plugin);
  const settled = () => new Promise((resolve) => setImmediate(resolve));
  // The reader types on; each query has its terms and waits for its documents when the next comes.
  const typed: Promise<SearchResult[]>[] = [];
  for (const input of ['refu', 'refun', 'refund']) {
    typed.push(search.search(input, 8));
    await settled();
  }
  arrive();
  const [first, second, newest] = await Promise.all(typed);
  assert.ok(newest!.some((result) => result.document.t === 'Refunding orders'));
  // The newest query's very answer, not each older query's own results first.
  assert.equal(first, newest);
  assert.equal(second, newest);
});

test('a box’s answers never go back in time: once a newer query has answered, an older one answers with the newest results', async () => {
  const {manifest, files} = buildShardedIndex(pluginIndex, '/assets/search/', sizes);
  const documentFiles = new Set(manifest.documents.map(([, file]) => file));
  const documentsOf = async (input: string) => {
    const {loaded, load} = inMemory(files);
    await new ShardedSearch(manifest, load, plugin).search(input, 8);
    return new Set(loaded.filter((file) => documentFiles.has(file)));
  };
  const [olderFiles, newerFiles] = [await documentsOf('captured money'), await documentsOf('postal code')];
  assert.deepEqual(
    [...olderFiles].filter((file) => newerFiles.has(file)),
    [],
    'the two queries need different document shards',
  );
  const link = documentsHeld(files, documentFiles);
  const search = new ShardedSearch(manifest, link.load, plugin);
  const older = search.search('captured money', 8);
  await link.waiting();
  const olderDocuments = link.held.splice(0);
  const newer = search.search('postal code', 8);
  await link.waiting();
  for (const {release} of link.held.splice(0)) release();
  const newest = await newer;
  assert.ok(newest.some((result) => result.document.u === '/docs/3.0.0/objects/address'));
  // The older query's documents arrive after the newer query has answered.
  for (const {release} of olderDocuments) release();
  assert.deepEqual(await older, newest);
});

test('results have the plugin worker’s shape: the page is the title’s own document, positions point at the words', async () => {
  const {manifest, files} = buildShardedIndex(pluginIndex, '/assets/search/', sizes);
  const search = new ShardedSearch(manifest, inMemory(files).load, plugin);
  const results = await search.search('captured money', 8);
  const content = results.find((result) => result.type === 4);
  assert.ok(content, JSON.stringify(results.map((result) => result.document.t)));
  assert.equal(content.document.u, '/docs/3.0.0/refunds');
  assert.equal(content.document.h, '#partial');
  assert.equal(content.document.s, 'Partial refunds');
  assert.ok(content.page && content.page.t === 'Refunding orders');
  const title = await search.search('refunding orders', 8);
  const titleResult = title.find((result) => result.type === 0);
  assert.equal(titleResult?.page, false);
  const again = await search.search('captured money', 8);
  assert.equal(
    again.find((result) => result.type === 4)?.page,
    (await search.search('refunding', 8)).find((result) => result.type === 0)?.document,
  );
  const positions = Object.values(content.metadata).flatMap((match) => match.t.position);
  const words = positions.map(([start, length]) => content.document.t.slice(start, start + length).toLowerCase());
  assert.ok(words.includes('captured') && words.includes('money'), words.join(','));
  assert.deepEqual(content.tokens, ['captured', 'money']);
});

test('a typo within one edit still finds the page, and a prefix being typed too', async () => {
  const {manifest, files} = buildShardedIndex(pluginIndex, '/assets/search/', sizes);
  const search = new ShardedSearch(manifest, inMemory(files).load, plugin);
  assert.ok((await search.search('refnud', 8)).some((result) => result.document.u === '/docs/3.0.0/refunds'));
  assert.ok((await search.search('postal co', 8)).some((result) => result.document.u === '/docs/3.0.0/objects/address'));
  assert.deepEqual(await search.search('zzqxv', 8), []);
  assert.deepEqual(await search.search('   ', 8), []);
});

test('scores are the ones lunr gives over the whole, unsharded index', async () => {
  const {manifest, files} = buildShardedIndex(pluginIndex, '/assets/search/', {...sizes, passageChars: 10_000});
  const search = new ShardedSearch(manifest, inMemory(files).load, plugin);
  const all = await search.search('shopper', 8);
  const results = all.filter((result) => result.type === 4);
  // The whole content index, with the references the build gives (after 3 titles and 2 headings).
  const whole = lunr(function () {
    this.ref('i');
    this.field('t');
    this.add({i: '6', t: refundText});
    this.add({i: '7', t: pluginIndex[4]!.documents[1]!.t});
    this.add({i: '8', t: pluginIndex[4]!.documents[2]!.t});
  });
  // A page listed by its title, a heading or its description is not listed again for its text.
  const pageOfPassage: Record<string, string> = {
    '6': '/docs/3.0.0/refunds',
    '7': '/docs/3.0.0/captures',
    '8': '/docs/3.0.0/objects/address',
  };
  const listedBefore = new Set(all.filter((result) => result.type !== 4).map((result) => result.document.u));
  assert.ok(listedBefore.has('/docs/3.0.0/refunds'), 'the description of the refunds page says "shopper"');
  const expected = whole
    .query((query) => query.term('shopper', {presence: lunr.Query.presence.REQUIRED}))
    .filter((result) => !listedBefore.has(pageOfPassage[result.ref]!));
  assert.equal(results.length, expected.length);
  results.forEach((result, index) => {
    assert.equal(String(result.document.i), expected[index]!.ref);
    assert.ok(Math.abs(result.score - expected[index]!.score) < 0.01, `${result.score} vs ${expected[index]!.score}`);
  });
  // Two words whose terms lie in different shards: one query vector over both, as lunr builds it.
  const shardOf = (term: string) => manifest.terms.filter(([first]) => first <= term).length;
  assert.notEqual(shardOf('captur'), shardOf('money'));
  const [both] = (await search.search('captured money', 8)).filter((result) => result.type === 4);
  const [expectedBoth] = whole.query((query) => {
    query.term('captured', {presence: lunr.Query.presence.REQUIRED});
    query.term('money', {presence: lunr.Query.presence.REQUIRED});
  });
  assert.equal(String(both!.document.i), expectedBoth!.ref);
  assert.ok(Math.abs(both!.score - expectedBoth!.score) < 0.01, `${both!.score} vs ${expectedBoth!.score}`);
});

test('a page address adds the words its title does not say', () => {
  assert.equal(
    addressKeywords('/docs/1.0.0/api/send-validate-response', "Answer Tessera's validation request"),
    'send, validate, response',
  );
  assert.equal(addressKeywords('/docs/3.0.0/guides/guides/additional_guides/orderLines', 'Order lines'), '');
  assert.equal(addressKeywords('/docs/3.0.0/api/capture-an-order', 'Capture an order'), '');
  // An error code is one token of its title, so a reader's "authorization expired" finds its page through these keywords.
  assert.equal(addressKeywords('/docs/3.0.0/errors/authorization_expired', 'authorization_expired'), 'authorization, expired');
});

test('term positions are where lunr would record the stemmed term', () => {
  const positions = termPositions('Refunds: a refund, refunded.', ['refund']);
  assert.deepEqual(positions.get('refund'), [
    [0, 8],
    [11, 7],
    [19, 9],
  ]);
});

test('a small site’s page outlines come with the manifest; a larger one’s wait for results that need them', async () => {
  const small = buildShardedIndex(pluginIndex, '/assets/search/', {...sizes, outlineShardChars: 10_000});
  const smallFiles = inMemory(small.files);
  await new ShardedSearch(small.manifest, smallFiles.load, plugin).prefetchOutlines();
  assert.deepEqual(smallFiles.loaded, [small.manifest.documents[0]![1]]);
  const large = buildShardedIndex(pluginIndex, '/assets/search/', {...sizes, outlineShardChars: 60});
  const largeFiles = inMemory(large.files);
  await new ShardedSearch(large.manifest, largeFiles.load, plugin).prefetchOutlines();
  assert.deepEqual(largeFiles.loaded, []);
});

test('text results count per page: one result a page, its other matching sections add to its score, a section repeating the words counts once', async () => {
  const filler = 'Other words fill this passage so that it is long enough to stand apart from the next one.';
  const index: PluginIndex = [
    {
      documents: [
        {i: 1, t: 'Repeats', u: '/docs/3.0.0/repeats', b: []},
        {i: 3, t: 'Explains', u: '/docs/3.0.0/explains', b: []},
      ],
    },
    {documents: []},
    {documents: []},
    {documents: []},
    {
      documents: [
        // One section whose table repeats the phrase in two rows (two passages).
        {i: 2, t: `Widget gizmo here. ${filler} ${filler} Widget gizmo there.`, s: 'Repeats', u: '/docs/3.0.0/repeats', h: '', p: 1},
        // Two sections that each use it once.
        {i: 4, t: `Widget gizmo one. ${filler}`, s: 'Explains', u: '/docs/3.0.0/explains', h: '#one', p: 3},
        {i: 5, t: `Widget gizmo two. ${filler}`, s: 'Two', u: '/docs/3.0.0/explains', h: '#two', p: 3},
      ],
    },
  ];
  const {manifest, files} = buildShardedIndex(index, '/assets/search/', {...sizes, passageChars: 60});
  const results = (await new ShardedSearch(manifest, inMemory(files).load, plugin).search('widget gizmo', 8)).filter(
    (result) => result.type === 4,
  );
  assert.deepEqual(
    results.map((result) => result.document.u),
    ['/docs/3.0.0/explains', '/docs/3.0.0/repeats'],
  );
});

test('each page is listed once, by its best match: a page whose title matches is not listed again for a heading or its text', async () => {
  const {manifest, files} = buildShardedIndex(pluginIndex, '/assets/search/', sizes);
  const results = await new ShardedSearch(manifest, inMemory(files).load, plugin).search('refund', 8);
  const pages = results.map((result) => (result.page ? result.page.u : result.document.u));
  assert.deepEqual(pages, [...new Set(pages)], 'a page is listed twice');
  assert.equal(results[0]?.type, 0, 'the title match comes first');
  assert.equal(results[0]?.document.u, '/docs/3.0.0/refunds');
});

test('a typo anywhere in a word, the first letters included, finds the page; the vocabulary is fetched only for a word the index does not hold', async () => {
  const {manifest, files} = buildShardedIndex(pluginIndex, '/assets/search/', sizes);
  const pagesFor = async (input: string) => {
    const memory = inMemory(files);
    const results = await new ShardedSearch(manifest, memory.load, plugin).search(input, 8);
    return {pages: results.map((result) => (result.page ? result.page.u : result.document.u)), loaded: memory.loaded};
  };
  for (const [typo, page] of [
    ['efund', '/docs/3.0.0/refunds'], // the first letter left out
    ['rfund', '/docs/3.0.0/refunds'],
    ['cpature', '/docs/3.0.0/captures'], // two letters swapped
    ['refudn', '/docs/3.0.0/refunds'], // the last two swapped
    ['postl code', '/docs/3.0.0/objects/address'], // a typo in one word of several
    ['cpt', '/docs/3.0.0/captures'], // the start of a word being typed
  ] as const) {
    const {pages, loaded} = await pagesFor(typo);
    assert.equal(pages[0], page, `"${typo}" found ${pages.join(', ') || 'nothing'}`);
    assert.ok(loaded.includes(manifest.vocabulary), `"${typo}" corrected without the vocabulary`);
  }
  const {pages, loaded} = await pagesFor('refund');
  assert.equal(pages[0], '/docs/3.0.0/refunds');
  assert.ok(!loaded.includes(manifest.vocabulary), 'a known word fetched the vocabulary');
  assert.ok(!(await pagesFor('captu')).loaded.includes(manifest.vocabulary), 'the start of a known word fetched the vocabulary');
  assert.deepEqual((await pagesFor('zzqxv')).pages, []);

  // "authorization" is indexed as its stem "author", six edits from "authorizaton".
  const withLongWord = buildShardedIndex(
    [
      {documents: [{i: 1, t: 'Holds', u: '/docs/3.0.0/holds', b: []}]},
      {documents: []},
      {documents: []},
      {documents: []},
      {documents: [{i: 2, t: 'An authorization holds the amount.', s: 'Holds', u: '/docs/3.0.0/holds', h: '', p: 1}]},
    ],
    '/assets/search/',
    sizes,
  );
  const found = await new ShardedSearch(withLongWord.manifest, inMemory(withLongWord.files).load, plugin).search('authorizaton', 8);
  assert.equal(found[0]?.page && found[0].page.u, '/docs/3.0.0/holds');
});

test('a page whose keywords name the word (what it defines) comes before one whose heading, description or text mentions it', async () => {
  const {manifest, files} = buildShardedIndex(
    [
      {
        documents: [
          {i: 1, t: 'Signup completed', u: '/docs/3.0.0/guides/signup-completed', b: []},
          {i: 3, t: 'Session object', u: '/docs/3.0.0/objects/session', b: []},
        ],
      },
      {documents: [{i: 2, t: 'Store the merchantAccountId', u: '/docs/3.0.0/guides/signup-completed', h: '#store', p: 1}]},
      {
        documents: [
          {
            i: 1,
            t: 'Read merchantAccountId when the signup completes.',
            s: 'Signup completed',
            u: '/docs/3.0.0/guides/signup-completed',
            p: 1,
          },
        ],
      },
      {documents: [{i: 3, t: 'id, status, merchantAccountId', s: 'Session object', u: '/docs/3.0.0/objects/session', p: 3}]},
      {documents: []},
    ],
    '/assets/search/',
    sizes,
  );
  const results = await new ShardedSearch(manifest, inMemory(files).load, plugin).search('merchantAccountId', 8);
  assert.deepEqual(
    results.map((result) => [result.type, result.page ? result.page.u : result.document.u]),
    [
      [3, '/docs/3.0.0/objects/session'],
      [1, '/docs/3.0.0/guides/signup-completed'],
    ],
  );
});

test('with the vocabulary fetched ahead, a typo is corrected before any term shard is fetched for it', async () => {
  const {manifest, files} = buildShardedIndex(pluginIndex, '/assets/search/', sizes);
  const memory = inMemory(files);
  const search = new ShardedSearch(manifest, memory.load, plugin);
  await search.prefetchVocabulary();
  const results = await search.search('efund', 8);
  assert.equal(results[0]?.document.u, '/docs/3.0.0/refunds');
  const shardOf = (term: string) => manifest.terms.filter(([first]) => first <= term).at(-1)![1];
  assert.notEqual(shardOf('efund'), shardOf('refund'));
  assert.ok(!memory.loaded.includes(shardOf('efund')), 'fetched the term shard of the typo');
});
