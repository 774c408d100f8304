// Wrapped: every docs page (guides, API operation, tag and info pages, category indexes) renders breadcrumbs, so the "Copy page as Markdown" row goes right after them.
import type {ReactNode} from 'react';
import DocBreadcrumbs from '@theme-original/DocBreadcrumbs';
import CopyPageMarkdown from '@site/src/components/CopyPageMarkdown';

export default function DocBreadcrumbsWithCopyPage(): ReactNode {
  return (
    <>
      <DocBreadcrumbs />
      <CopyPageMarkdown />
    </>
  );
}
