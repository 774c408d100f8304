/**
 * The "Try it" console over each provider's file vendored under tests/fixtures/openapi/vendor
 * (GitHub's 845 operations among them), built as the site builds an added API's console
 * (scripts/sandbox/build-console.ts: one module per operation) and run by the console's worker:
 * every operation's page gets a console whose prefilled request its own schemas accept and which
 * the stateless simulator answers, from its operation's module alone, within a size budget. An
 * added API's whole file and its validators in one module cost GitHub's console 3.6 MB gzipped;
 * and before the file's OpenAPI 3.0 schemas were converted for Ajv, four of the five files
 * stopped the site's build (`"nullable" cannot be used without "type"`).
 */
import assert from 'node:assert/strict';
import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {gzipSync} from 'node:zlib';
import {test} from 'node:test';
import {parse} from 'yaml';
import {writeConsoleModule} from '../../scripts/sandbox/build-console';
import type {JsonObject} from '../../src/lib/openapi/refs';
import {OpenApiRoutes} from '../../src/lib/sandbox/routes';
import type {ConsoleApi} from '../../src/lib/try-it/apis';
import {tryItWorker, type ApiModule} from '../../src/lib/try-it/console-worker';
import {operationFileName} from '../../src/lib/try-it/operation-files';
import {vendoredOpenApiFiles} from '../support/vendored-openapi';

const siteDir = path.resolve(import.meta.dirname, '../..');

/**
 * What opening the console on an added API's page loads beside the worker, gzipped (level 9): its
 * operation's module and the chunks they share. Measured 2026-12-02: the largest is one of
 * Adyen's (116.8 KB: its payment request's schema reaches most of the file); GitHub's largest
 * 18.2 KB, its median 2.7 KB. About 10 % above the largest.
 */
const operationBudgetKB = 130;

/**
 * The operations whose prefilled body, the one their page's samples send, their own schema refuses:
 * what the request-sample generator (src/lib/openapi/samples.ts) cannot yet make from these schemas
 * (a value for a pattern it cannot read, the required fields of an object inside `anyOf` or behind
 * 3.0's `nullable`, a multipart upload). The console says which field and why; the list must only
 * shrink.
 */
const refusedPrefilledBodies: Record<string, string[]> = {
  'api.github.com.json': ['POST /user/keys', 'POST /user/ssh_signing_keys'],
  'plaid.com.json': ['POST /payment_initiation/consent/create', 'POST /transfer/questionnaire/create'],
  'squareup.com.json': ['POST /v2/subscriptions/search'],
  'stripe.com.json': [
    'POST /v1/billing_portal/configurations',
    'POST /v1/billing_portal/configurations/{configuration}',
    'POST /v1/customers/{customer}/subscriptions',
    'POST /v1/customers/{customer}/subscriptions/{subscription_exposed_id}',
    'POST /v1/files',
    'POST /v1/payment_intents/{intent}',
    'POST /v1/payment_intents/{intent}/confirm',
    'POST /v1/subscriptions/{subscription_exposed_id}',
  ],
};

for (const file of vendoredOpenApiFiles) {
  test(
    `${file}: every operation's console prepares a request the file's schemas accept and is answered, from its own module`,
    {timeout: 300_000},
    async (t) => {
      const document = parse(readFileSync(path.join(siteDir, file), 'utf8')) as JsonObject;
      const outDir = mkdtempSync(path.join(os.tmpdir(), 'tessera-console-'));
      t.after(() => rmSync(outDir, {recursive: true, force: true}));
      const entry: ConsoleApi = {
        id: 'added',
        routePrefix: '/docs/3.0.0/api/added/',
        module: 'api-added',
        simulator: 'stateless',
        perOperation: true,
      };
      const started = performance.now();
      const folder = await writeConsoleModule(outDir, entry, document, file);
      const buildMs = performance.now() - started;
      const files = readdirSync(path.join(outDir, folder));
      const gzipKB = (name: string) => gzipSync(readFileSync(path.join(outDir, folder, name)), {level: 9}).length / 1024;
      const shared = files.filter((name) => name.startsWith('shared-')).reduce((sum, name) => sum + gzipKB(name), 0);

      const imported: string[] = [];
      const worker = tryItWorker([{...entry, module: folder}], (api, operationFile) => {
        imported.push(operationFile!);
        return import(pathToFileURL(path.join(outDir, api.module, operationFile!)).href) as Promise<ApiModule>;
      });
      const problems: string[] = [];
      const bodiesRefused: string[] = [];
      let largest = {name: '', kilobytes: 0};
      const routes = new OpenApiRoutes(document).operations();
      for (const route of routes) {
        const name = `${route.method.toUpperCase()} ${route.template}`;
        const moduleFile = operationFileName(route.method, route.template);
        const kilobytes = gzipKB(moduleFile) + shared;
        if (kilobytes > largest.kilobytes) largest = {name, kilobytes};
        imported.length = 0;
        const prepared = await worker.prepare(`${entry.routePrefix}page`, route.method, route.template);
        if (!prepared) {
          problems.push(`${name}: no console`);
          continue;
        }
        if (imported.join() !== moduleFile) problems.push(`${name}: loaded ${imported.join(', ')}`);
        const issues = await worker.check(prepared.api, prepared.operationId, prepared.request);
        // The path segments and headers are the console's own, from the page: never refused.
        const ownRefused = issues.filter((issue) => /^(path|header):/.test(issue.pointer));
        if (ownRefused.length) problems.push(`${name}: the console's own parameters are refused: ${JSON.stringify(ownRefused)}`);
        if (issues.length) bodiesRefused.push(name);
        // What Send answers is what the check showed while the reader typed.
        const answer = await worker.send(prepared.api, prepared.operationId, prepared.request);
        const answered = answer.status === 400 ? ((JSON.parse(answer.body) as {errors?: unknown}).errors ?? []) : [];
        if (answer.status >= 400 && answer.status !== 400) problems.push(`${name}: answered ${answer.status} ${answer.body.slice(0, 200)}`);
        else if (JSON.stringify(answered) !== JSON.stringify(issues))
          problems.push(
            `${name}: Send answered ${answer.status} ${answer.body.slice(0, 200)} where the check showed ${JSON.stringify(issues)}`,
          );
      }
      console.log(
        `${file}: ${routes.length} operations' modules built in ${(buildMs / 1000).toFixed(1)} s; the largest console load ${largest.kilobytes.toFixed(1)} KB gz (${largest.name}); ${bodiesRefused.length} prefilled bodies refused by their schema`,
      );
      assert.deepEqual(problems, []);
      assert.deepEqual(bodiesRefused.sort(), refusedPrefilledBodies[path.basename(file)] ?? []);
      assert.ok(
        largest.kilobytes <= operationBudgetKB,
        `${largest.name}: ${largest.kilobytes.toFixed(1)} KB gzipped, over ${operationBudgetKB}`,
      );
    },
  );
}
