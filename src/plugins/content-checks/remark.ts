/**
 * Remark plugin: while `npm start` runs, reports in the terminal what the content tests would
 * fail on, within seconds of saving a page, with its file and line: a JSON sample that does not
 * validate, a TypeScript sample that does not compile against the SDK types, a backticked code, status, event or `NNN code` pair the API or SDK contradict or do
 * not define, a Content-Security-Policy sample that disagrees with the SDK types, and a link to a
 * page that does not exist. It only reports: the build (broken links) and `npm run check` (all of
 * it) keep failing on these as before. Generated API pages are not checked.
 */
import path from 'node:path';
import {siteDir, SchemaValidator} from '../../lib/openapi';
import {
  combinedVocabulary,
  cspSampleProblems,
  formatProblem,
  jsonSampleProblems,
  linkProblems,
  mentionProblems,
  siteRoutes,
  vocabulary,
  type ContentProblem,
  type SampleFence,
} from '../../lib/content-checks';
import {factSources, type FactSources} from '../../lib/facts';
import {typeScriptSampleProblems} from '../../lib/typescript-samples';

export type ContentChecksOptions = {
  /** Default: everywhere but a production build, which the tests guard. */
  enabled?: boolean;
  /** Where problems go. Default: the terminal. */
  report?: (line: string) => void;
};

type MdastNode = {
  type: string;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  children?: MdastNode[];
  position?: {start: {line: number}};
};

const generated = [path.join(siteDir, 'docs/api') + path.sep, path.join(siteDir, 'versioned_docs') + path.sep];

let validatorFor: {sources: FactSources; validator: SchemaValidator} | undefined;
let routesCache: {at: number; routes: Set<string>} | undefined;

function validator(sources: FactSources): SchemaValidator {
  if (validatorFor?.sources !== sources) validatorFor = {sources, validator: new SchemaValidator(sources.v3, 'v3-content-checks')};
  return validatorFor.validator;
}

/** Pages come and go while a writer works; a few seconds of staleness is fine. */
function routes(): Set<string> {
  if (!routesCache || Date.now() - routesCache.at > 3000) routesCache = {at: Date.now(), routes: siteRoutes()};
  return routesCache.routes;
}

const metaOf = (meta: string): Record<string, string> =>
  Object.fromEntries([...meta.matchAll(/(\w[\w-]*)="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));

export default function remarkContentChecks(options: ContentChecksOptions = {}) {
  return (tree: MdastNode, file: {path?: string; value?: unknown}): void => {
    const enabled = options.enabled ?? process.env.NODE_ENV !== 'production';
    if (!enabled || !file.path || generated.some((folder) => file.path!.startsWith(folder))) return;
    const report = options.report ?? ((line: string) => console.warn(`[content check] ${line}`));
    const relative = path.relative(siteDir, file.path);
    const text = String(file.value ?? '');
    const problems: ContentProblem[] = [];
    try {
      const sources = factSources();
      const fences: SampleFence[] = [];
      const collect = (node: MdastNode) => {
        if (node.type === 'code')
          fences.push({
            language: node.lang ?? '',
            meta: metaOf(node.meta ?? ''),
            code: node.value ?? '',
            line: node.position?.start.line ?? 0,
          });
        node.children?.forEach(collect);
      };
      collect(tree);
      const v3 = vocabulary(sources, 'v3');
      const comparesVersions = /^compares_api_versions:\s*true\s*$/m.test(text.split('\n---')[0] ?? '');
      problems.push(...mentionProblems(text, relative, comparesVersions ? combinedVocabulary(v3, vocabulary(sources, 'v1')) : v3).problems);
      problems.push(...jsonSampleProblems(fences, relative, sources.v3, validator(sources)));
      problems.push(...cspSampleProblems(fences, relative, sources));
      problems.push(...typeScriptSampleProblems(fences, relative));
      problems.push(...linkProblems(text, relative, routes()));
    } catch (error) {
      problems.push({file: relative, line: 0, message: `content checks could not run: ${(error as Error).message}`});
    }
    for (const problem of problems) report(formatProblem(problem));
  };
}
