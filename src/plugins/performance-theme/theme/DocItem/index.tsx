// Wrapped: only API operation pages need the OpenAPI theme's ApiItem; every other doc page must not download it.
import type {ReactNode} from 'react';
import DocItem from '@theme-init/DocItem';
import type DocItemType from '@theme/DocItem';
import type {WrapperProps} from '@docusaurus/types';
import {apiItem} from '@site/src/plugins/openapi-docs/api-item-registry';

type Props = WrapperProps<typeof DocItemType>;

/** Operation pages carry their operation's summary in `api` (scripts/generate-api-docs.ts); the site has no schema pages. */
function isApiOperationPage(frontMatter: Record<string, unknown>): boolean {
  return 'api' in frontMatter;
}

export default function DocItemWrapper(props: Props): ReactNode {
  if (!isApiOperationPage(props.content.frontMatter as Record<string, unknown>)) return <DocItem {...props} />;
  // The page's own chunk registered ApiItem when it loaded (see src/plugins/openapi-docs/api-item-registry).
  const ApiItem = apiItem();
  if (!ApiItem) throw new Error(`${props.content.metadata.id} is an API page but did not register ApiItem: run npm run gen-api`);
  return <ApiItem {...props} />;
}
