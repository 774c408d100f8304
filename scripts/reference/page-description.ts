/**
 * The one-line description of a generated operation page (its meta description and its card on the
 * tag page). The OpenAPI plugin cuts the operation's description at its first line break, often
 * mid-sentence, and keeps Markdown code spans as literal backticks, which the card shows as typed.
 * This gives the whole first sentence as plain text instead.
 */
import {inflateSync} from 'node:zlib';
import {firstSentence} from './mdx';

export function pageDescription(description: string): string {
  return firstSentence(description)
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\*\*([^*]*)\*\*/g, '$1');
}

/** The front matter with its `description` replaced by the operation's first sentence. */
export function withPageDescription(frontMatter: string, description: unknown): string {
  if (typeof description !== 'string' || !description.trim()) return frontMatter;
  return frontMatter.replace(/^description: .*$/m, () => `description: ${JSON.stringify(pageDescription(description))}`);
}

/**
 * The same for a page the plugin wrote: the operation's description comes from the page's `api`
 * front matter, where the plugin packs the whole operation (gzipped, base64-encoded).
 */
export function withPlainPageDescription(frontMatter: string, file: string): string {
  const packed = /^api: (\S+)$/m.exec(frontMatter)?.[1];
  if (!packed) throw new Error(`${file} has no packed operation in its front matter`);
  const operation = JSON.parse(inflateSync(Buffer.from(packed, 'base64')).toString('utf8')) as {description?: unknown};
  return withPageDescription(frontMatter, operation.description);
}

type OverviewSource = {info?: {description?: unknown}; tags?: Array<{name?: unknown; description?: unknown}>};

/**
 * The description behind an overview page the plugin wrote: the API's for the info page, the tag's
 * for a tag page (found by the page's title). The plugin gives these pages the tag name, or the
 * info description cut at its first line break, as their description.
 */
export function overviewDescription(document: OverviewSource, page: string, frontMatter: string): unknown {
  if (page.endsWith('.info.mdx')) return document.info?.description;
  if (!page.endsWith('.tag.mdx')) return undefined;
  const title = /^title: (.*)$/m.exec(frontMatter)?.[1];
  const name = title?.startsWith('"') ? (JSON.parse(title) as string) : title;
  return document.tags?.find((tag) => tag.name === name)?.description;
}
