import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';

/** Card descriptions by doc id, written into each tag page by scripts/tag-page-cards.ts. */
export type CardDescriptions = Record<string, string>;

/** The category's items, each doc link with the description the page gives it (unless it has one). */
export function withCardDescriptions(items: PropSidebarItem[], descriptions: CardDescriptions): PropSidebarItem[] {
  return items.map((item) => {
    if (item.type !== 'link' || !item.docId || item.description !== undefined) return item;
    const description = descriptions[item.docId];
    return description === undefined ? item : {...item, description};
  });
}
