/**
 * The docs pages as the sidebars group them, for llms.txt, llms-full.txt and the category pages'
 * Markdown. Works on the docs plugin's loaded versions, so every page of every version is covered,
 * whatever adds it (generated API pages, new guides), without a list of our own.
 */
import type {LoadedVersion} from '@docusaurus/plugin-content-docs';
import {markdownTwinPath} from '../../lib/markdown-twin-path';

type SidebarItem = LoadedVersion['sidebars'][string][number];
type CategoryItem = Extract<SidebarItem, {type: 'category'}>;

export type VersionStatus = 'current' | 'deprecated' | 'older';

export type VersionInfo = {
  /** As in the URL: `3.0.0`. */
  name: string;
  status: VersionStatus;
};

/** A page that gets a Markdown twin. */
export type PageEntry = {
  permalink: string;
  title: string;
  description: string;
  version: VersionInfo;
  /** A docs page (its id) or a category's generated index. */
  source: {kind: 'doc'; id: string; sourcePath: string} | {kind: 'generated-index'; items: SidebarItem[]};
};

export type Section = {
  /** Category labels from the sidebar's top, outermost first; empty for pages outside any category. */
  trail: string[];
  pages: PageEntry[];
};

export type VersionMap = {version: VersionInfo; sections: Section[]};

/**
 * A description fit for a one-line summary. The OpenAPI plugin cuts an operation's description at
 * its first line break, often mid-sentence, and gives tag pages their own name: keep the whole
 * sentences of a cut one, and drop one that only repeats the title.
 */
export function readableDescription(title: string, description: string): string {
  const text = description.replace(/\s+/g, ' ').trim();
  if (text.toLowerCase() === title.toLowerCase()) return '';
  if (/[.!?:)`]$/.test(text)) return text;
  // A sentence ends at a full stop followed by a space: not at the dot of `merchant_urls.webhook`.
  const sentenceEnds = [...text.matchAll(/[.!?](?=\s)/g)];
  const lastSentenceEnd = sentenceEnds.at(-1)?.index;
  return lastSentenceEnd === undefined ? `${text}…` : text.slice(0, lastSentenceEnd + 1);
}

export function versionInfo(version: LoadedVersion): VersionInfo {
  const name = version.path.split('/').filter(Boolean).pop() ?? version.versionName;
  const status: VersionStatus = version.isLast ? 'current' : version.banner === 'unmaintained' ? 'deprecated' : 'older';
  return {name, status};
}

/** Every page of a version, grouped as its sidebars group them; pages in no sidebar come last. */
export function versionMap(version: LoadedVersion): VersionMap {
  const info = versionInfo(version);
  const docsById = new Map(version.docs.map((doc) => [doc.id, doc]));
  const listed = new Set<string>();
  const sections: Section[] = [];

  const docPage = (id: string): PageEntry | undefined => {
    const doc = docsById.get(id);
    if (!doc || listed.has(doc.permalink)) return undefined;
    listed.add(doc.permalink);
    return {
      permalink: doc.permalink,
      title: doc.title,
      description: readableDescription(doc.title, doc.description),
      version: info,
      source: {kind: 'doc', id: doc.id, sourcePath: doc.source},
    };
  };

  const categoryPage = (category: CategoryItem): PageEntry | undefined => {
    const link = category.link;
    if (!link) return undefined;
    if (link.type === 'doc') return docPage(link.id);
    if (listed.has(link.permalink)) return undefined;
    listed.add(link.permalink);
    return {
      permalink: link.permalink,
      title: link.title ?? category.label,
      description: link.description ?? '',
      version: info,
      source: {kind: 'generated-index', items: category.items},
    };
  };

  const walk = (items: SidebarItem[], trail: string[], section: Section) => {
    for (const item of items) {
      if (item.type === 'doc' || item.type === 'ref') {
        const page = docPage(item.id);
        if (page) section.pages.push(page);
      } else if (item.type === 'category') {
        const child: Section = {trail: [...trail, item.label], pages: []};
        const own = categoryPage(item);
        if (own) child.pages.push(own);
        sections.push(child);
        walk(item.items, child.trail, child);
      }
    }
  };

  for (const sidebar of Object.values(version.sidebars)) {
    const top: Section = {trail: [], pages: []};
    sections.push(top);
    walk(sidebar, [], top);
  }
  const unlisted = version.docs.filter((doc) => !listed.has(doc.permalink)).flatMap((doc) => docPage(doc.id) ?? []);
  if (unlisted.length > 0) sections.push({trail: ['Other pages'], pages: unlisted});
  return {version: info, sections: sections.filter((section) => section.pages.length > 0)};
}

export const allPages = (maps: VersionMap[]): PageEntry[] => maps.flatMap((map) => map.sections.flatMap((section) => section.pages));

export function versionHeading(version: VersionInfo): string {
  return `${version.name} (${version.status})`;
}

/** The Markdown address of a page: its URL with `.md`. */
export const markdownPath = markdownTwinPath;

export type LlmsTxtOptions = {
  siteUrl: string;
  title: string;
  summary: string;
  /** Paragraphs after the summary: what the files are and how to use them. */
  details: string[];
  /** The site's own pages (home, docs root, glossary), listed after the docs. */
  sitePages?: {title: string; path: string; description: string}[];
  downloads: {title: string; path: string; description: string}[];
};

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** llms.txt as llmstxt.org describes it: title, summary, details, then one H2 file list per sidebar group. */
export function llmsTxt(maps: VersionMap[], options: LlmsTxtOptions): string {
  const lines = [`# ${options.title}`, '', `> ${oneLine(options.summary)}`, ''];
  for (const paragraph of options.details) lines.push(oneLine(paragraph), '');
  for (const map of maps) {
    for (const section of map.sections) {
      lines.push(`## ${[versionHeading(map.version), ...section.trail].join(' › ')}`, '');
      for (const page of section.pages) {
        const description = oneLine(page.description);
        lines.push(`- [${page.title}](${options.siteUrl}${markdownPath(page.permalink)})${description ? `: ${description}` : ''}`);
      }
      lines.push('');
    }
  }
  const fileList = (heading: string, entries: {title: string; path: string; description: string}[]) => {
    if (entries.length === 0) return;
    lines.push(`## ${heading}`, '');
    for (const entry of entries)
      lines.push(`- [${entry.title}](${options.siteUrl}${entry.path})${entry.description ? `: ${oneLine(entry.description)}` : ''}`);
    lines.push('');
  };
  fileList('Site pages', options.sitePages ?? []);
  fileList('Downloads', options.downloads);
  return `${lines.join('\n').trim()}\n`;
}

/** A category's generated index: its description, then its items as a nested list of links. */
export function generatedIndexMarkdown(page: PageEntry, version: LoadedVersion, siteUrl: string): string {
  if (page.source.kind !== 'generated-index') throw new Error(`${page.permalink} is not a generated index`);
  const docsById = new Map(version.docs.map((doc) => [doc.id, doc]));
  const link = (title: string, permalink: string, description: string) =>
    `[${title}](${siteUrl}${markdownPath(permalink)})${description ? `: ${oneLine(description)}` : ''}`;
  const listLines = (items: SidebarItem[], depth: number): string[] =>
    items.flatMap((item) => {
      const indent = '  '.repeat(depth);
      if (item.type === 'doc' || item.type === 'ref') {
        const doc = docsById.get(item.id);
        return doc ? [`${indent}- ${link(doc.title, doc.permalink, readableDescription(doc.title, doc.description))}`] : [];
      }
      if (item.type === 'link') return [`${indent}- [${item.label}](${item.href})`];
      if (item.type !== 'category') return [];
      const own = item.link?.type === 'doc' ? docsById.get(item.link.id) : undefined;
      const head =
        item.link?.type === 'generated-index'
          ? link(item.link.title ?? item.label, item.link.permalink, item.link.description ?? '')
          : own
            ? link(item.label, own.permalink, readableDescription(own.title, own.description))
            : item.label;
      return [`${indent}- ${head}`, ...listLines(item.items, depth + 1)];
    });
  const lines = [`# ${page.title}`, ''];
  if (page.description) lines.push(oneLine(page.description), '');
  lines.push(...listLines(page.source.items, 0));
  return `${lines.join('\n').trim()}\n`;
}
