/**
 * A built docs page as Markdown: the page's article, as readers see it, converted with rehype-remark
 * (the unified collective's HTML-to-Markdown converter). Working from the built HTML rather than
 * the MDX source means tabs, admonitions, imported partials and diagrams arrive rendered, whatever
 * component wrote them. Before conversion the Docusaurus markup that has no Markdown meaning is
 * rewritten: code blocks keep their language and title, each tab becomes a labelled part, an
 * admonition becomes a quote under its title, and heading anchors, icons and buttons go.
 */
import type {Element, ElementContent, Root, RootContent} from 'hast';
import type {Code} from 'mdast';
import rehypeParse from 'rehype-parse';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import {unified} from 'unified';
import type {CodeSample} from '../../lib/openapi/operation-summary';
import {samplesFileAttribute} from '../sample-tabs/tab-sets';

/** The wrapper's attribute as hast names it (`data-samples-file` → `dataSamplesFile`). */
const samplesFileProperty = samplesFileAttribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The element that holds a docs page's content, heading included (theme-classic's DocItem/Content). */
export const articleClass = 'theme-doc-markdown';

const classesOf = (node: Element): string[] => {
  const value: unknown = node.properties?.className;
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? value.split(/\s+/) : [];
};
const hasClass = (node: Element, name: string) => classesOf(node).includes(name);
/** CSS-module classes carry a hash (`codeBlockTitle_Ktv7`); match on the readable part. */
const hasClassPrefix = (node: Element, prefix: string) => classesOf(node).some((name) => name.startsWith(prefix));

const isElement = (node: RootContent | ElementContent | Root): node is Element => node.type === 'element';

function findFirst(node: Element | Root, test: (element: Element) => boolean): Element | undefined {
  for (const child of node.children) {
    if (!isElement(child)) continue;
    if (test(child)) return child;
    const found = findFirst(child, test);
    if (found) return found;
  }
  return undefined;
}

function findAll(node: Element | Root, test: (element: Element) => boolean, found: Element[] = []): Element[] {
  for (const child of node.children) {
    if (!isElement(child)) continue;
    if (test(child)) found.push(child);
    else findAll(child, test, found);
  }
  return found;
}

const element = (tagName: string, children: ElementContent[], properties: Element['properties'] = {}): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const text = (value: string): ElementContent => ({type: 'text', value});

/**
 * Elements that draw or operate the page and say nothing in Markdown: anchors, icons, buttons,
 * the version badge (the front matter names the version) and menus such as the API info page's
 * export menu (its file is linked from the page's download table).
 */
function isChrome(node: Element): boolean {
  if (['button', 'svg', 'script', 'style', 'template', 'noscript'].includes(node.tagName)) return true;
  if (node.tagName === 'a' && hasClass(node, 'hash-link')) return true;
  return ['theme-doc-version-badge', 'dropdown', 'theme-doc-card-icon'].some((name) => hasClass(node, name));
}

/** A list of doc cards (category and tag pages): one link per card, with the card's description. */
function cardList(container: Element): Element {
  const cards = findAll(container, (candidate) => candidate.tagName === 'a' && hasClass(candidate, 'card'));
  return element(
    'ul',
    cards.map((card) => {
      const title = findFirst(card, (candidate) => hasClass(candidate, 'theme-doc-card-title'));
      const description = findFirst(card, (candidate) => hasClass(candidate, 'theme-doc-card-description'));
      const link = element('a', [text(textContent(title ?? card).trim())], {href: card.properties?.href});
      const about = description ? textContent(description).trim() : '';
      return element('li', about ? [link, text(`: ${about}`)] : [link]);
    }),
  );
}

const isCardList = (node: Element) =>
  node.tagName === 'section' && findFirst(node, (candidate) => candidate.tagName === 'a' && hasClass(candidate, 'card')) !== undefined;

/** The characters of a node, as the browser's `textContent`: no line breaks added for layout. */
function textContent(node: Element | ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  return node.children.map(textContent).join('');
}

/** A code block's source: Prism puts each line in its own `.token-line` element. */
function codeText(pre: Element): string {
  const lines = findAll(pre, (candidate) => hasClass(candidate, 'token-line'));
  const source = lines.length > 0 ? lines.map(textContent).join('\n') : textContent(pre);
  return source.replace(/\n+$/, '');
}

/** `<pre data-language data-title>`: read back by the `pre` handler below. */
function codeBlock(container: Element): Element | undefined {
  const pre = findFirst(container, (candidate) => candidate.tagName === 'pre');
  if (!pre) return undefined;
  const language =
    classesOf(pre)
      .find((name) => name.startsWith('language-'))
      ?.slice('language-'.length) ??
    classesOf(container)
      .find((name) => name.startsWith('language-'))
      ?.slice('language-'.length);
  const title = findFirst(container, (candidate) => hasClassPrefix(candidate, 'codeBlockTitle'));
  return element('pre', [text(codeText(pre))], {
    dataLanguage: language && language !== 'text' ? language : undefined,
    dataTitle: title ? textContent(title).trim() : undefined,
  });
}

/**
 * Each tab panel under its tab's label, in order; the hidden ones included. A tab set whose tabs
 * after the first load on demand (src/plugins/sample-tabs) has only its first panel in the HTML:
 * the others' code comes from its samples file, as a reader who chooses the tab gets it.
 */
function tabs(container: Element, onDemand: CodeSample[] = []): ElementContent[] {
  const labels = findAll(container, (candidate) => candidate.properties?.role === 'tab').map((tab) => textContent(tab).trim());
  const panels = findAll(container, (candidate) => candidate.properties?.role === 'tabpanel');
  const panelOf = (index: number): ElementContent[] => {
    if (onDemand.length === 0) return panels[index]?.children ?? [];
    if (index === 0) return panels[0]?.children ?? [];
    const sample = onDemand.find((candidate) => candidate.label === labels[index]);
    if (!sample) throw new Error(`the tab "${labels[index]}" is not in its samples file`);
    return [
      element('pre', [text(sample.source)], {className: ['markdown-twin-code'], dataLanguage: sample.highlight, dataTitle: sample.title}),
    ];
  };
  const count = onDemand.length > 0 ? labels.length : panels.length;
  return Array.from({length: count}, (_, index) => [
    element('p', [element('strong', [text(labels[index] ?? `Tab ${index + 1}`)])]),
    ...panelOf(index),
  ]).flat();
}

function admonition(container: Element): Element {
  const heading = findFirst(container, (candidate) => hasClassPrefix(candidate, 'admonitionHeading'));
  const content = findFirst(container, (candidate) => hasClassPrefix(candidate, 'admonitionContent'));
  const kind =
    classesOf(container)
      .find((name) => name.startsWith('theme-admonition-'))
      ?.slice('theme-admonition-'.length) ?? 'note';
  const title = heading ? textContent(heading).trim() : '';
  const label =
    title && title.toLowerCase() !== kind
      ? `${kind.replace(/^\w/, (letter) => letter.toUpperCase())}: ${title}`
      : kind.replace(/^\w/, (letter) => letter.toUpperCase());
  return element('blockquote', [element('p', [element('strong', [text(label)])]), ...(content?.children ?? [])]);
}

/** Rewrites the Docusaurus markup in place (see the module comment). */
function simplify(node: Element | Root, resolveHref: (href: string) => string, readSamplesFile?: (url: string) => CodeSample[]): void {
  const children: ElementContent[] = [];
  for (const child of node.children as ElementContent[]) {
    if (!isElement(child)) {
      if (child.type !== 'comment') children.push(child);
      continue;
    }
    if (isChrome(child)) continue;
    if (hasClass(child, 'theme-code-block') || (child.tagName === 'pre' && !hasClass(child, 'markdown-twin-code'))) {
      const block = codeBlock(child.tagName === 'pre' ? element('div', [child]) : child);
      if (block) {
        block.properties = {...block.properties, className: ['markdown-twin-code']};
        children.push(block);
      }
      continue;
    }
    if (isCardList(child)) {
      const list = cardList(child);
      simplify(list, resolveHref, readSamplesFile);
      children.push(list);
      continue;
    }
    const samplesFile = child.properties?.[samplesFileProperty];
    if (typeof samplesFile === 'string' && readSamplesFile) {
      const container = findFirst(child, (candidate) => hasClass(candidate, 'tabs-container'));
      if (!container) throw new Error(`a tab set with code on demand (${samplesFile}) has no tabs`);
      const parts = element('div', tabs(container, readSamplesFile(samplesFile)));
      simplify(parts, resolveHref, readSamplesFile);
      children.push(...parts.children);
      continue;
    }
    if (hasClass(child, 'tabs-container')) {
      const parts = element('div', tabs(child));
      simplify(parts, resolveHref, readSamplesFile);
      children.push(...parts.children);
      continue;
    }
    if (hasClass(child, 'theme-admonition')) {
      const quote = admonition(child);
      simplify(quote, resolveHref, readSamplesFile);
      children.push(quote);
      continue;
    }
    if (child.tagName === 'a' && typeof child.properties?.href === 'string') child.properties.href = resolveHref(child.properties.href);
    if (child.tagName === 'img' && typeof child.properties?.src === 'string') child.properties.src = resolveHref(child.properties.src);
    simplify(child, resolveHref, readSamplesFile);
    children.push(child);
  }
  node.children = children as typeof node.children;
}

export type ConvertOptions = {
  /** Where the page's own links and images point in the Markdown (absolute URLs, twins). */
  resolveHref: (href: string) => string;
  /** The samples of a tab set's file (its URL path), for the tabs whose code loads on demand. */
  readSamplesFile?: (url: string) => CodeSample[];
  /**
   * Where the content is: a docs page's article (the default), or on the site's own pages (home,
   * docs root, glossary) the Markdown body if the page has one, else the page's `main`.
   */
  page?: 'docs' | 'site';
};

function contentOf(tree: Root, page: 'docs' | 'site'): Element | undefined {
  if (page === 'docs') return findFirst(tree, (candidate) => hasClass(candidate, articleClass));
  return findFirst(tree, (candidate) => hasClass(candidate, 'markdown')) ?? findFirst(tree, (candidate) => candidate.tagName === 'main');
}

/** The Markdown of the page's content, or undefined when the HTML has none. */
export function articleMarkdown(html: string, options: ConvertOptions): string | undefined {
  const tree = unified().use(rehypeParse).parse(html);
  const article = contentOf(tree, options.page ?? 'docs');
  if (!article) return undefined;
  const root: Root = {type: 'root', children: [article]};
  simplify(root, options.resolveHref, options.readSamplesFile);
  const processor = unified()
    .use(rehypeRemark, {
      handlers: {
        pre(state, node: Element): Code {
          const result: Code = {
            type: 'code',
            lang: (node.properties?.dataLanguage as string | undefined) ?? null,
            meta: node.properties?.dataTitle ? `title=${JSON.stringify(node.properties.dataTitle)}` : null,
            value: textContent(node),
          };
          state.patch(node, result);
          return result;
        },
      },
    })
    .use(remarkGfm, {tablePipeAlign: false})
    .use(remarkStringify, {bullet: '-', fences: true, rule: '-', listItemIndent: 'one'});
  const markdown = processor.stringify(processor.runSync(root) as never);
  return `${String(markdown).trim()}\n`;
}
