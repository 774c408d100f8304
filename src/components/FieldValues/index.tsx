import type {ReactNode} from 'react';
import useBrokenLinks from '@docusaurus/useBrokenLinks';

/**
 * The block under an object page's fields table that holds one field's value tables, which the
 * field's cell links to (scripts/reference/object-pages.ts). Docusaurus's broken-anchor check
 * knows only the ids of headings and links, so the block tells it its own: without that, every
 * build warned that these links were broken.
 */
export default function FieldValues({id, children}: {id: string; children: ReactNode}): ReactNode {
  useBrokenLinks().collectAnchor(id);
  return <div id={id}>{children}</div>;
}
