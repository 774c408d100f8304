/**
 * The PHP and C# tabs of a guide send exactly the body of the JSON tab next to them
 * (CONTRIBUTING.md), read statically from their literals (src/lib/sample-bodies.ts). Running the
 * samples against a server is a separate test; this one names the field that drifted.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {siteDir} from '../../src/lib/openapi';
import {bodyDifferences, csharpRequestBody, phpRequestBody, tabGroups, unresolved} from '../../src/lib/sample-bodies';
import {authoredPages, codeFences} from '../support/guides';

const readers = {php: phpRequestBody, csharp: csharpRequestBody} as const;

test('the PHP and C# tabs send the body of the JSON tab', () => {
  const problems: string[] = [];
  let compared = 0;
  for (const file of authoredPages()) {
    const relative = path.relative(siteDir, file);
    for (const group of tabGroups(readFileSync(file, 'utf8'), codeFences(file))) {
      const json = group.fences.find((fence) => fence.language === 'json' && fence.meta.part === 'request');
      if (!json) continue;
      const expected = JSON.parse(json.code) as unknown;
      for (const fence of group.fences.filter((candidate) => candidate.language in readers)) {
        const body = readers[fence.language as keyof typeof readers](fence.code);
        compared += 1;
        if (body === undefined)
          problems.push(`${relative}:${fence.line}: the ${fence.language} tab sends no JSON body, the JSON tab (line ${json.line}) does`);
        else
          for (const difference of bodyDifferences(expected, body))
            problems.push(`${relative}:${fence.line}: ${fence.language} ${difference} (JSON tab at line ${json.line})`);
      }
    }
  }
  console.log(`compared ${compared} PHP and C# request bodies with their JSON tabs`);
  assert.ok(compared > 0);
  assert.deepEqual(problems, []);
});

test('the body readers follow literals and variables and flag a drifted field', () => {
  const php = `<?php\n$orderId = 'x';\n$body = ['amount' => ['amount' => 25900, 'currency' => 'SEK'], 'lines' => [['a' => true], ['a' => null]], 'id' => $orderId, 'at' => date('c')];\n$http->post('/x', ['json' => $body]);`;
  assert.deepEqual(phpRequestBody(php), {amount: {amount: 25900, currency: 'SEK'}, lines: [{a: true}, {a: null}], id: 'x', at: unresolved});
  const csharp = `var decision = new\n{\n    decision = "reject",\n    reason = "out_of_stock",\n    references = new { merchantReference1 = (string?)null },\n    lines = new[] { new { quantity = 2 } },\n};\nusing var request = new HttpRequestMessage(HttpMethod.Post, "/x") { Content = JsonContent.Create(decision) };`;
  assert.deepEqual(csharpRequestBody(csharp), {
    decision: 'reject',
    reason: 'out_of_stock',
    references: {merchantReference1: null},
    lines: [{quantity: 2}],
  });
  assert.deepEqual(
    csharpRequestBody('request.Content = new StringContent("""\n    {"amount": 100}\n    """, Encoding.UTF8, "application/json");'),
    {amount: 100},
  );
  assert.deepEqual(bodyDifferences({reason: 'out_of_stock'}, {reason: 'out-of-stock'}), [
    '/reason: "out_of_stock" in JSON, "out-of-stock" in the sample',
  ]);
  assert.deepEqual(bodyDifferences({a: 1, b: 2}, {a: 1}), ['/b: missing from the sample']);
});
