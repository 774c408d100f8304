/**
 * Gives each generated tag page the descriptions of its cards. The OpenAPI plugin's tag page lists
 * the tag's operations as cards (`DocCardList`), and a card finds its description in the docs list
 * of the version, which every docs page loads; the site leaves descriptions out of that list
 * (src/plugins/docs-list-ids-only). The tag page instead renders TagPageCards with the
 * description of each operation, as the operation's page has it. Called by generate-api-docs.ts.
 */
import {readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {CardDescriptions} from '../src/components/TagPageCards/card-descriptions';
import {GeneratedPageError, pageFrontMatter} from './generated-pages';

/** The card list the plugin's tag page template ends with. */
const pluginCardList = [
  '```mdx-code-block',
  "import DocCardList from '@theme/DocCardList';",
  "import {useCurrentSidebarCategory} from '@docusaurus/theme-common';",
  '',
  '<DocCardList items={useCurrentSidebarCategory().items}/>',
  '```',
].join('\n');

type SidebarNode = {type?: unknown; id?: unknown; link?: {type?: unknown; id?: unknown}; items?: SidebarNode[]};

/** The page's card list, with the descriptions written into it. */
export function withTagPageCards(page: string, descriptions: CardDescriptions, file: string): string {
  if (!page.includes(pluginCardList)) throw new Error(`${file}: no card list of the plugin's tag page template to give descriptions to`);
  const cards = [
    '```mdx-code-block',
    "import TagPageCards from '@site/src/components/TagPageCards';",
    '',
    `<TagPageCards descriptions={${JSON.stringify(descriptions)}}/>`,
    '```',
  ];
  return page.replace(pluginCardList, () => cards.join('\n'));
}

type GeneratedPage = {file: string; text: string; description?: string};

/** The generated pages of a folder by their front matter `id` (a sidebar names them `<folder>/<id>`). */
function pagesById(outputDir: string): Map<string, GeneratedPage> {
  const pages = new Map<string, GeneratedPage>();
  for (const name of readdirSync(outputDir).filter((entry) => entry.endsWith('.mdx'))) {
    const file = path.join(outputDir, name);
    const text = readFileSync(file, 'utf8');
    const frontMatter = pageFrontMatter(file, text).data as {id?: unknown; description?: unknown};
    if (typeof frontMatter.id !== 'string') throw new GeneratedPageError(file, 'it has no id in its front matter');
    const description = typeof frontMatter.description === 'string' && frontMatter.description.trim() ? frontMatter.description : undefined;
    pages.set(frontMatter.id, {file, text, ...(description ? {description} : {})});
  }
  return pages;
}

const lastSegment = (id: string) => id.slice(id.lastIndexOf('/') + 1);

/**
 * Writes the card descriptions into every tag page of `outputDir`. `sidebar` is what the plugin
 * generated for the folder, with the doc ids the version's sidebar uses (a card's `docId`).
 * Returns how many tag pages it wrote.
 */
export function writeTagPageCards(outputDir: string, sidebar: SidebarNode[]): number {
  const pages = pagesById(outputDir);
  const tagPages = [...pages.values()].filter((page) => page.file.endsWith('.tag.mdx'));
  let written = 0;
  for (const category of sidebar) {
    if (category.type !== 'category' || category.link?.type !== 'doc' || typeof category.link.id !== 'string') continue;
    const tagPage = pages.get(lastSegment(category.link.id));
    if (!tagPage?.file.endsWith('.tag.mdx')) continue;
    const descriptions: CardDescriptions = {};
    for (const item of category.items ?? []) {
      if (item.type !== 'doc' || typeof item.id !== 'string') continue;
      const description = pages.get(lastSegment(item.id))?.description;
      if (description) descriptions[item.id] = description;
    }
    writeFileSync(tagPage.file, withTagPageCards(tagPage.text, descriptions, tagPage.file));
    written += 1;
  }
  // A tag page no category opens would keep the plugin's card list, which has no descriptions to read.
  if (written !== tagPages.length)
    throw new Error(`${outputDir}: ${tagPages.length} tag pages, ${written} of them open a category of the generated sidebar`);
  return written;
}
