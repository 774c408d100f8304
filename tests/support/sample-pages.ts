/**
 * The pages whose code samples the e2e sample tests read: every API operation page (with the
 * request samples its MDX module exports) and every hand-written docs page (with its code fences,
 * and the samples the build renders from its requests).
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {
  readRequestSamplesFile,
  requestSamplesExportName,
  requestSamplesFileExportName,
  type CodeSample,
  type PageSample,
  siteDir,
} from '../../src/lib/openapi';
import {authoredSampleTabSets} from '../../src/plugins/sample-tabs/pages';
import {authoredPages, codeFences, type CodeFence} from './guides';

export type OperationPage = {route: string; version: 'v3' | 'v1'; method: string; path: string; samples: CodeSample[]};

const generatedApiFolders = [
  {folder: 'docs/api', base: '/docs/3.0.0/api', version: 'v3'},
  {folder: 'versioned_docs/version-1.0.0/api', base: '/docs/1.0.0/api', version: 'v1'},
] as const;

/** Every generated operation page that shows request samples (webhook pages show none). */
export function operationPages(): OperationPage[] {
  return generatedApiFolders.flatMap(({folder, base, version}) =>
    readdirSync(path.join(siteDir, folder))
      .filter((file) => file.endsWith('.api.mdx'))
      .sort()
      .map((file) => {
        const text = readFileSync(path.join(siteDir, folder, file), 'utf8');
        const exported = new RegExp(`^export const ${requestSamplesExportName} = (.*);$`, 'm').exec(text);
        if (!exported) throw new Error(`${folder}/${file} exports no request samples: run npm run gen-api`);
        const {id, api} = parse(text.slice(4, text.indexOf('\n---\n', 4))) as {id: string; api: {method: string; path: string}};
        // The page carries the first language's sample; its samples file has every language's.
        const samplesFile = new RegExp(`^export const ${requestSamplesFileExportName} = (.*);$`, 'm').exec(text);
        const shown = JSON.parse(exported[1]!) as PageSample[];
        const samples = samplesFile ? readRequestSamplesFile(siteDir, JSON.parse(samplesFile[1]!) as string) : (shown as CodeSample[]);
        return {route: `${base}/${id}`, version, method: api.method, path: api.path, samples};
      })
      .filter((page) => page.samples.length > 0),
  );
}

export type AuthoredPage = {
  route: string;
  file: string;
  fences: CodeFence[];
  /** The samples the build renders from the page's requests, each written once as its operation and JSON (src/plugins/sample-tabs). */
  rendered: CodeSample[];
};

/** Every hand-written docs page with code a reader can copy (mermaid fences are shown as images). */
export function authoredDocsPages(): AuthoredPage[] {
  const tabSets = new Map(authoredSampleTabSets().map((page) => [page.file, page.sets]));
  return authoredPages()
    .filter((file) => file.startsWith(path.join(siteDir, 'docs/')))
    .map((file) => {
      const slug = path.relative(path.join(siteDir, 'docs'), file).replace(/\.mdx?$/, '');
      const relative = path.relative(siteDir, file);
      return {
        route: `/docs/3.0.0/${slug}`,
        file: relative,
        fences: codeFences(file).filter((fence) => fence.language !== 'mermaid'),
        rendered: (tabSets.get(relative) ?? []).flatMap((set) => (set.request ? set.onDemand : [])),
      };
    })
    .filter((page) => page.fences.length > 0);
}
