/**
 * The tab sets of code samples on an authored page, as the reader gets them:
 *
 * - A request is written once, as a `<Tabs>` with one JSON tab whose first fence names the
 *   operation and shows the request (`json title="POST /v3/…" operation="…" part="request"`, or
 *   for a request without a body the `GET …` title of its response). Its tabs in every sample
 *   language are rendered from the one request model (src/lib/openapi/samples.ts), as on the
 *   operation's reference page.
 * - In any tab set of samples, a tab after the first that holds one code block alone (a rendered
 *   request, or a hand-written program) is not carried by the page: its code is in a samples file
 *   named after its content (src/lib/openapi/request-samples-file.ts), which the page loads when a
 *   reader chooses the tab (src/components/SampleOnDemand). The page's HTML and JavaScript hold the
 *   first tab only, as an operation page's do.
 *
 * The remark plugin (./remark.ts) applies this to each page it compiles; scripts/generate-api-docs.ts
 * applies it to every page to write the files (./pages.ts), so a cached build finds them.
 */
import {sampleRequestOf, requestTitle, type JsonObject} from '../../lib/openapi';
import type {CodeSample} from '../../lib/openapi/operation-summary';
import {requestSamplesFile} from '../../lib/openapi/request-samples-file';
import {codeSamples, sampleLanguages} from '../../lib/sample-languages';

export type JsxAttribute = {type: string; name?: string; value?: unknown};
export type MdastNode = {
  type: string;
  name?: string | null;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  children?: MdastNode[];
  attributes?: JsxAttribute[];
  position?: {start: {line: number}};
};

/** The component that shows a tab's code once its file has loaded. */
export const onDemandComponent = 'SampleOnDemand';
export const onDemandImport = `import ${onDemandComponent} from '@site/src/components/${onDemandComponent}';`;

/** The attribute of the element around a tab set with code on demand: the file's URL path (read by the Markdown twins). */
export const samplesFileAttribute = 'data-samples-file';

/** The tab values that name a sample language: each language's id, and the JSON of a request. */
export const sampleTabValues: ReadonlySet<string> = new Set(['json', ...sampleLanguages.map((language) => language.id)]);

export const isJsx = (node: MdastNode): boolean => node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';

const attribute = (node: MdastNode, name: string): unknown => node.attributes?.find((candidate) => candidate.name === name)?.value;
const jsxAttribute = (name: string, value: string): JsxAttribute => ({type: 'mdxJsxAttribute', name, value});

/** The `<TabItem>` children of a `<Tabs>` (a paragraph holds those written inline). */
export function tabItems(tabs: MdastNode): MdastNode[] {
  return (tabs.children ?? [])
    .flatMap((child) => (child.type === 'paragraph' ? (child.children ?? []) : [child]))
    .filter((child) => isJsx(child) && child.name === 'TabItem');
}

export function tabValues(tabs: MdastNode): string[] {
  return tabItems(tabs)
    .map((item) => attribute(item, 'value'))
    .filter((value): value is string => typeof value === 'string');
}

/** A tab set whose tabs are all samples: JSON and sample languages, or a request's JSON alone. */
export function isSampleTabSet(tabs: MdastNode): boolean {
  const values = tabValues(tabs);
  return values.length > 0 && values.length === tabItems(tabs).length && values.every((value) => sampleTabValues.has(value));
}

/** `title="Request" operation="createSession" part="request"` → {title, operation, part}. */
export const fenceMeta = (meta: string | null | undefined): Record<string, string> =>
  Object.fromEntries([...(meta ?? '').matchAll(/(\w[\w-]*)="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));

/** The request a `<Tabs>` holding one JSON tab shows, if its first fence names an operation and a `METHOD /path` title. */
export function shownRequest(tabs: MdastNode): {operationId: string; title: string; body?: unknown; line?: number} | undefined {
  const items = tabItems(tabs);
  if (items.length !== 1 || attribute(items[0]!, 'value') !== 'json') return undefined;
  const fence = items[0]!.children?.find((child) => child.type === 'code');
  if (!fence || fence.lang !== 'json') return undefined;
  const meta = fenceMeta(fence.meta);
  if (!meta.operation || !meta.title || !requestTitle(meta.title)) return undefined;
  if (meta.part !== 'request' && meta.part !== 'response') return undefined;
  return {
    operationId: meta.operation,
    title: meta.title,
    body: meta.part === 'request' ? (JSON.parse(fence.value ?? '') as unknown) : undefined,
    line: fence.position?.start.line,
  };
}

const codeTab = (sample: CodeSample): MdastNode => ({
  type: 'mdxJsxFlowElement',
  name: 'TabItem',
  attributes: [jsxAttribute('value', sample.lang), jsxAttribute('label', sample.label)],
  children: [{type: 'code', lang: sample.highlight, meta: null, value: sample.source}],
});

/** A tab set of the page, once expanded: its samples on demand and the file that holds them. */
export type SampleTabSet = {
  /** The request it renders in every language, if it is one. */
  request?: {operationId: string; title: string; line?: number};
  /** The tabs after the first that the page loads on demand, in order. */
  onDemand: CodeSample[];
  file?: {url: string; text: string};
};

export type ExpandOptions = {
  /** The OpenAPI document of the page's version. */
  document: JsonObject;
  /** `file:line` for an error message. */
  where: (line: number | undefined) => string;
};

/**
 * Expands the page's tab sets of samples in place (see the module comment) and returns them.
 * A tab set with code on demand is marked `lazy` (only the chosen tab is rendered) and wrapped in
 * an element naming its file.
 */
export function expandSampleTabSets(tree: MdastNode, options: ExpandOptions): SampleTabSet[] {
  const sets: SampleTabSet[] = [];
  const expand = (tabs: MdastNode): MdastNode => {
    const set: SampleTabSet = {onDemand: []};
    const request = shownRequest(tabs);
    if (request) {
      let samples: CodeSample[];
      try {
        samples = codeSamples(sampleRequestOf(options.document, request));
      } catch (error) {
        throw new Error(`${options.where(request.line)}: ${(error as Error).message}`, {cause: error});
      }
      tabs.children = [...(tabs.children ?? []), ...samples.map(codeTab)];
      set.request = {operationId: request.operationId, title: request.title, line: request.line};
    }
    for (const item of tabItems(tabs).slice(1)) {
      const only = item.children?.length === 1 ? item.children[0]! : undefined;
      if (only?.type !== 'code') continue;
      const title = fenceMeta(only.meta).title;
      const sample: CodeSample = {
        lang: String(attribute(item, 'value')),
        label: String(attribute(item, 'label') ?? attribute(item, 'value')),
        highlight: only.lang ?? 'text',
        source: only.value ?? '',
        ...(title ? {title} : {}),
      };
      set.onDemand.push(sample);
      item.children = [
        {
          type: 'mdxJsxFlowElement',
          name: onDemandComponent,
          attributes: [],
          children: [],
        },
      ];
    }
    sets.push(set);
    if (set.onDemand.length === 0) return tabs;
    set.file = requestSamplesFile(set.onDemand);
    tabItems(tabs)
      .slice(1)
      .filter((item) => item.children?.[0]?.name === onDemandComponent)
      .forEach((item, index) => {
        const sample = set.onDemand[index]!;
        item.children![0]!.attributes = [
          jsxAttribute('file', set.file!.url),
          jsxAttribute('lang', sample.lang),
          jsxAttribute('label', sample.label),
          jsxAttribute('highlight', sample.highlight),
          ...(sample.title ? [jsxAttribute('title', sample.title)] : []),
        ];
      });
    if (attribute(tabs, 'lazy') === undefined) (tabs.attributes ??= []).push({type: 'mdxJsxAttribute', name: 'lazy', value: null});
    return {type: 'mdxJsxFlowElement', name: 'div', attributes: [jsxAttribute(samplesFileAttribute, set.file.url)], children: [tabs]};
  };
  const visit = (parent: MdastNode): void => {
    const children = parent.children;
    if (!children) return;
    children.forEach((child, index) => {
      if (isJsx(child) && child.name === 'Tabs' && isSampleTabSet(child)) children[index] = expand(child);
      else visit(child);
    });
  };
  visit(tree);
  return sets;
}
