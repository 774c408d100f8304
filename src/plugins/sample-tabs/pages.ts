/**
 * The tab sets of samples of every authored page, as the remark plugin expands them
 * (./tab-sets.ts): scripts/generate-api-docs.ts writes their files before a build, and the tests
 * read the samples a page shows on demand from here.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {docsVersions} from '../../../config/site-constants';
import {factSources} from '../../lib/facts';
import {siteDir, type JsonObject} from '../../lib/openapi';
import {parseMdxPage} from '../../lib/mdx-tree';
import {expandSampleTabSets, type MdastNode, type SampleTabSet} from './tab-sets';

/** The OpenAPI document of a page's docs version: 1.0.0's pages send V1 requests, every other page V3. */
export function documentOfPage(file: string): JsonObject {
  const legacy = path.join(siteDir, 'versioned_docs', `version-${docsVersions.legacy.name}`) + path.sep;
  const sources = factSources();
  return (file.startsWith(legacy) ? sources.v1 : sources.v3) as JsonObject;
}

/** Where authored pages are: the docs of each version, and the site's own pages. */
const pageFolders = ['docs', 'versioned_docs', 'src/pages'];

function pageFiles(): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    if (!existsSync(folder)) return;
    for (const entry of readdirSync(folder, {withFileTypes: true})) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.mdx?$/.test(entry.name)) files.push(full);
    }
  };
  for (const folder of pageFolders) walk(path.join(siteDir, folder));
  return files.sort();
}

export type PageTabSets = {file: string; sets: SampleTabSet[]};

/** Every authored page with a tab set of samples, and its sets as the build expands them. */
export function authoredSampleTabSets(): PageTabSets[] {
  const pages: PageTabSets[] = [];
  for (const file of pageFiles()) {
    const text = readFileSync(file, 'utf8');
    // Parsing is the cost: a page without tabs has no tab set.
    if (!text.includes('<Tabs')) continue;
    const relative = path.relative(siteDir, file);
    const sets = expandSampleTabSets(parseMdxPage(text) as MdastNode, {
      document: documentOfPage(file),
      where: (line) => `${relative}:${line ?? '?'}`,
    });
    if (sets.length > 0) pages.push({file: relative, sets});
  }
  return pages;
}
