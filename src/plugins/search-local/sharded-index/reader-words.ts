/**
 * The words readers type that the pages do not say, and what the search looks for instead: the
 * filler of a question ("how many times are webhooks retried": the answer says "retried", not
 * "how many times"), and the names other payment providers' documentation gives to what these
 * pages call otherwise (Stripe's and Adyen's "webhooks" are Tessera's notifications).
 *
 * A question is searched without its filler first, then as typed; then with the pages' words for
 * the readers' (./query.ts): the words as typed rank above a synonym, so a page that says
 * "webhook" comes before one that says "notification" for "webhook". Each synonym is one way, from the reader's word to the pages' word: the pages' word
 * finds its own pages already. tests/unit/search-reader-words.test.ts checks that the pages use
 * every word a synonym leads to.
 */
import lunr from 'lunr';

/**
 * Words that make a question a question and that the page answering it does not hold: searched
 * without them first once the query reads as a question (it starts with `questionStarts`). lunr's stop
 * words ("how", "are", "do", "what", …) never reach the index and are dropped anyway; these are
 * not stop words, so a question with them found nothing.
 */
export const questionFillers = [
  'many',
  'much',
  'times',
  'long',
  'way',
  'ways',
  'possible',
  'happen',
  'happens',
  'need',
  'want',
  'exactly',
  'anyone',
  'know',
  'tell',
  'please',
  'find',
  'mean',
  'means',
];

/** A query that starts with one of these words reads as a question. */
export const questionStarts = ['how', 'what', 'when', 'where', 'why', 'which', 'who', 'can', 'do', 'does', 'is', 'are', 'should', 'will'];

/**
 * Reader's words → the pages' words, each line with whose word it is. A phrase on the left is
 * matched as consecutive words (the query's tokens, as the search plugin splits them on spaces and
 * hyphens, compared by their stems so that plurals match); several phrases on the right are
 * alternatives, each searched in turn.
 */
export const readerSynonyms: [readers: string, pages: string[]][] = [
  // Stripe's and Adyen's name for a notification (Adyen's older docs said "notifications" too).
  ['webhook', ['notification']],
  ['callback', ['notification']],
  ['redeliver', ['resend']],
  ['redelivery', ['resend']],
  // Stripe's Charges are payments; "charge" is also Tessera's word for charging a token, which the
  // query as typed finds first.
  ['charge', ['payment']],
  // Voiding an authorization (Braintree, Adyen's "cancel") is cancelling the order here; a reversal
  // (Adyen) cancels what is not captured or refunds what is.
  ['void', ['cancel']],
  ['reversal', ['cancel', 'refund']],
  ['reverse', ['cancel', 'refund']],
  ['chargeback', ['dispute']],
  // Onboarding a merchant (Stripe Connect, Adyen for Platforms) is a signup.
  ['onboarding', ['signup']],
  ['onboard', ['signup']],
  ['kyc', ['signup']],
  // What other APIs call the credentials: Tessera has an API key (a key id and a secret part).
  ['client secret', ['api key']],
  ['client id', ['key id']],
  ['password', ['api key']],
  ['credentials', ['api key']],
  // 3-D Secure is how a card's issuer runs strong customer authentication.
  ['3ds', ['strong customer authentication']],
  ['3ds2', ['strong customer authentication']],
  ['3d secure', ['strong customer authentication']],
  ['3 d secure', ['strong customer authentication']],
  ['sca', ['strong customer authentication']],
  // The person paying: these pages say "shopper".
  ['buyer', ['shopper']],
  ['consumer', ['shopper']],
  ['cardholder', ['shopper']],
  ['payer', ['shopper']],
  ['basket', ['cart']],
  ['line item', ['order line']],
  ['preauthorization', ['authorization']],
  ['preauth', ['authorization']],
  ['pre auth', ['authorization']],
  ['pre authorization', ['authorization']],
  // A test environment is the sandbox; Stripe's test clocks are its sandbox clock.
  ['test mode', ['sandbox']],
  ['staging', ['sandbox']],
  ['test clock', ['sandbox clock']],
  ['throttling', ['rate limit']],
  ['throttled', ['rate limit']],
  // Stripe's Payment Links and Adyen's Pay by Link are a hosted payment page.
  ['payment link', ['hosted payment page']],
  ['pay by link', ['hosted payment page']],
  ['checkout page', ['hosted payment page']],
  // A saved card for later or recurring payments is a token.
  ['recurring', ['token']],
  ['saved card', ['token']],
  ['card on file', ['token']],
  ['custom fields', ['metadata']],
];

/** The search plugin's tokenizer for English (its `tokenize`): lower case, split on spaces and hyphens. */
export const wordsOf = (text: string): string[] => text.toLowerCase().match(/[^-\s]+/g) ?? [];

const stem = (word: string): string => lunr.stemmer(new lunr.Token(word, {})).toString();

type Synonym = {readers: string[]; pages: string[][]};
const synonyms: Synonym[] = readerSynonyms.map(([readers, pages]) => ({readers: wordsOf(readers).map(stem), pages: pages.map(wordsOf)}));

/** Whether a query word is the reader's word of a synonym (or part of one): it is not a typo to correct. */
export function isReaderWord(word: string): boolean {
  const stemmed = stem(word);
  return synonyms.some(({readers}) => readers.includes(stemmed));
}

/** The query without a question's filler words, if it reads as a question and has other words. */
export function withoutQuestion(tokens: string[]): string[] | undefined {
  if (!questionStarts.includes(tokens[0] ?? '')) return undefined;
  const kept = tokens.filter((token) => !questionFillers.includes(token));
  return kept.length < tokens.length && kept.some((token) => !questionStarts.includes(token)) ? kept : undefined;
}

/** At most this many rewritten queries for one query (a query of many synonyms would multiply). */
export const maxRewrites = 4;

/** The query with its readers' words replaced by the pages' words: one query per choice of alternatives. */
export function withSynonyms(tokens: string[]): string[][] {
  const stems = tokens.map(stem);
  let rewrites: string[][] = [[]];
  let changed = false;
  for (let at = 0; at < tokens.length;) {
    // The longest reader's phrase that starts here.
    const match = synonyms
      .filter(({readers}) => readers.every((word, offset) => stems[at + offset] === word))
      .sort((a, b) => b.readers.length - a.readers.length)[0];
    if (!match) {
      rewrites = rewrites.map((rewrite) => [...rewrite, tokens[at]!]);
      at++;
      continue;
    }
    changed = true;
    rewrites = rewrites.flatMap((rewrite) => match.pages.map((page) => [...rewrite, ...page])).slice(0, maxRewrites);
    at += match.readers.length;
  }
  return changed ? rewrites : [];
}

/**
 * The queries to search for a query's tokens, in order: a question without its filler (a page that
 * says "means" or "many times" is no answer to the question), the words as typed, then each with
 * the pages' words for the readers' (no duplicates).
 */
export function queryRewrites(tokens: string[]): string[][] {
  const question = withoutQuestion(tokens);
  const bases = question ? [question, tokens] : [tokens];
  const all = [...bases, ...bases.flatMap(withSynonyms)];
  const seen = new Set<string>();
  return all.filter((rewrite) => {
    const key = rewrite.join(' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
