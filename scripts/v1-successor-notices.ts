/**
 * Puts a "Moving to V3" notice under the title and endpoint of every generated V1 operation page,
 * rendered from the page's `x-tessera-successor` (src/lib/migration.ts), so a V1 reader learns
 * the successor and what changes where they read the operation. Called by generate-api-docs.ts.
 */
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {apiFiles, loadApiDocument, operationPageId} from '../src/lib/openapi';
import {successorNotice} from '../src/lib/migration';
import {migrationEntries} from '../src/lib/migration-entries';
import {migrationModel} from '../src/lib/migration-model';

/** The plugin writes the endpoint right under the title; the notice goes after it. */
const endpointEnd = '</MethodEndpoint>\n';

export function addSuccessorNotices(outputDir: string): number {
  const v1 = loadApiDocument(apiFiles.v1);
  const v3 = loadApiDocument(apiFiles.v3);
  const model = migrationModel(v1, v3);
  let count = 0;
  for (const entry of migrationEntries(v1)) {
    if (entry.v1.kind === 'callback') continue;
    const file = path.join(outputDir, `${operationPageId(entry.v1.operationId)}.api.mdx`);
    const text = readFileSync(file, 'utf8');
    const at = text.indexOf(endpointEnd);
    if (at < 0) throw new Error(`${file}: no ${endpointEnd.trim()} after which to put the V3 notice`);
    const end = at + endpointEnd.length;
    writeFileSync(file, `${text.slice(0, end)}\n${successorNotice(v3, entry, model)}\n${text.slice(end)}`);
    count += 1;
  }
  return count;
}
