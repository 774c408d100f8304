import type {ReactNode} from 'react';
import DocCardList from '@theme/DocCardList';
import {useCurrentSidebarCategory} from '@docusaurus/plugin-content-docs/client';
import {withCardDescriptions, type CardDescriptions} from './card-descriptions';

/**
 * The cards of an API tag page: one per operation of the tag, as the OpenAPI plugin's template
 * shows them, with the descriptions the page carries. The docs list every docs page loads has none
 * (src/plugins/docs-list-ids-only), so only the pages that show cards pay for them.
 */
export default function TagPageCards({descriptions}: {descriptions: CardDescriptions}): ReactNode {
  const category = useCurrentSidebarCategory();
  return <DocCardList items={withCardDescriptions(category.items, descriptions)} />;
}
