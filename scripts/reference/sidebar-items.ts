/**
 * The sidebar entries of the generated pages, shared by sidebars.ts (3.0.0) and the 1.0.0 sidebar
 * JSON that scripts/reference/write-reference-pages.ts extends. Only the index pages are listed:
 * every sidebar item ships in the JS of every docs page, and the indexes link each object and code.
 */
import type {SidebarItemConfig} from '@docusaurus/plugin-content-docs/lib/sidebars/types.js';

export const objectsSidebarItem: SidebarItemConfig = {type: 'doc', id: 'objects', label: 'Objects'};
export const errorsSidebarItem: SidebarItemConfig = {type: 'doc', id: 'errors', label: 'Error codes'};
