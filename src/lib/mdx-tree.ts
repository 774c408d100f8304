/**
 * A page's tree the way the site's compiler sees it: parsed by the MDX flavour of markdown
 * (micromark with the MDX extensions, as @mdx-js/mdx parses, after its YAML front matter, and after
 * Docusaurus's MDX loader has escaped `{#heading-id}`s), so a fence inside a longer fence, inside
 * JSX or in a list item is what MDX says it is. For the scripts that must find what a remark
 * plugin will see before the build runs it.
 */
import {escapeMarkdownHeadingIds} from '@docusaurus/utils';
import type {Root} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {frontmatterFromMarkdown} from 'mdast-util-frontmatter';
import {mdxFromMarkdown} from 'mdast-util-mdx';
import {frontmatter} from 'micromark-extension-frontmatter';
import {mdxjs} from 'micromark-extension-mdxjs';

export function parseMdxPage(text: string): Root {
  // Docusaurus reads the YAML front matter apart; here the front matter extension skips it.
  return fromMarkdown(escapeMarkdownHeadingIds(text), {
    extensions: [frontmatter(), mdxjs()],
    mdastExtensions: [frontmatterFromMarkdown(), mdxFromMarkdown()],
  });
}
