// Wrapped (issue 5): only API operation pages need the OpenAPI theme's ApiItem; every other doc page must not download it.
import {lazy, Suspense, type ReactNode} from 'react';
import DocItem from '@theme-original/DocItem';
import type DocItemType from '@theme/DocItem';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof DocItemType>;

// A separate chunk, fetched only when an operation page renders. The server renders it in full
// (Docusaurus waits for every Suspense boundary), so the page arrives complete and hydrates in place.
const ApiItem = lazy(() => import('@theme/ApiItem'));

/** Operation pages carry the compressed operation (`api`) or a schema (`schema`) in their front matter. */
function isApiOperationPage(frontMatter: Record<string, unknown>): boolean {
  return 'api' in frontMatter || 'schema' in frontMatter;
}

export default function DocItemWrapper(props: Props): ReactNode {
  if (!isApiOperationPage(props.content.frontMatter as Record<string, unknown>)) return <DocItem {...props} />;
  return (
    <Suspense fallback={null}>
      <ApiItem {...props} />
    </Suspense>
  );
}
