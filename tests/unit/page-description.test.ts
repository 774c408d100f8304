/**
 * The description of an operation page (its card on the tag page, its meta description) is the
 * operation's whole first sentence in plain text: no cut mid-sentence, no literal backticks; and a
 * field description (a noun phrase) becomes a sentence where a generated page uses it as prose.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {loadApiDocument, apiFiles, siteDir, type JsonObject, operationsOf} from '../../src/lib/openapi';
import {pageDescription, withPageDescription} from '../../scripts/reference/page-description';
import {openApiSpecs} from '../../config/openapi';
import {fieldSentence, notificationsPage} from '../../scripts/reference/notifications-page';

const problemsOf = (where: string, description: string): string[] => {
  const problems: string[] = [];
  if (!/[.!?]$/.test(description)) problems.push(`${where}: "${description}" ends mid-sentence`);
  if (/[`*]/.test(description)) problems.push(`${where}: "${description}" shows Markdown syntax`);
  return problems;
};

test('every operation of both files gets a whole first sentence as plain text', () => {
  const problems: string[] = [];
  for (const file of Object.values(apiFiles)) {
    for (const operation of operationsOf(loadApiDocument(file) as JsonObject, '/docs')) {
      problems.push(...problemsOf(operation.operationId, pageDescription(String(operation.operation.description ?? ''))));
    }
  }
  assert.deepEqual(problems, []);
});

test("the plugin's cut description is replaced, code spans and links unwrapped", () => {
  const frontMatter = 'id: x\ndescription: "Creates a page and returns its `url`. Use it when you"\nsidebar_label: X\n';
  const replaced = withPageDescription(
    frontMatter,
    'Creates a page and returns its `url`. Use it when you\ncannot embed the [`Session`](/docs/x) form.',
  );
  assert.match(replaced, /^description: "Creates a page and returns its url\."$/m);
  assert.match(replaced, /^sidebar_label: X$/m);
});

test('the generated operation, tag and info pages carry whole sentences (after npm run gen-api)', (context) => {
  const problems: string[] = [];
  let pages = 0;
  for (const spec of Object.values(openApiSpecs)) {
    const folder = path.join(siteDir, spec.outputDir);
    if (!existsSync(folder)) continue;
    for (const file of readdirSync(folder).filter((name) => /\.(api|tag|info)\.mdx$/.test(name))) {
      const description = /^description: (.*)$/m.exec(readFileSync(path.join(folder, file), 'utf8'))?.[1];
      if (!description) continue;
      pages += 1;
      problems.push(...problemsOf(file, JSON.parse(description) as string));
    }
  }
  if (!pages) return context.skip('no generated pages: run npm run gen-api');
  assert.deepEqual(problems, []);
});

test('the notifications page turns the event id description into a sentence of its Deduplication section', () => {
  assert.equal(
    fieldSentence(
      'Every notification body carries',
      'id',
      'Unique id of a notification event. Retries keep the same id; use it to deduplicate.',
    ),
    'Every notification body carries `id` (unique id of a notification event). Retries keep the same id; use it to deduplicate.',
  );
  const {mdx} = notificationsPage(loadApiDocument(apiFiles.v3) as JsonObject, '/docs/3.0.0', apiFiles.v3);
  const section = mdx.split('## Deduplication')[1]!.trim();
  assert.match(section, /^Every notification body carries `id` \(/);
});

test('the notifications page does not link to itself', () => {
  const {mdx} = notificationsPage(loadApiDocument(apiFiles.v3) as JsonObject, '/docs/3.0.0', apiFiles.v3);
  assert.doesNotMatch(mdx, /\]\(\/docs\/3\.0\.0\/notifications[)#]/);
});
