/**
 * The sidebars of the APIs added to a version beside Tessera's (config/openapi.ts). Each added
 * API has a sidebar of its own: its pages show only its operations, and every other docs page
 * of the version lists the API as one link in the API reference instead of carrying all its
 * items (in its HTML and in the version's sidebar data: SCALING.md). scripts/generate-api-docs.ts
 * writes each API's category, by version, from the plugin's generated sidebars; sidebars.ts
 * (3.0.0) and the generated 1.0.0 sidebar use the functions below.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {SidebarItemConfig} from '@docusaurus/plugin-content-docs/lib/sidebars/types.js';
import {docsVersions} from './site-constants';

export const addedApiSidebarsPath = '.generated/added-api-sidebars.json';

export type AddedApiSidebars = Record<string, unknown[]>;

/** An added API's category as the generation writes it: titled like the API, opening at its info page when it has one. */
export type AddedApiCategory = {
  type: 'category';
  label: string;
  link?: {type: 'doc'; id: string};
  items: unknown[];
};

/** The categories of the version's added APIs; none before the first generation. */
export function addedApiCategories(version: string, siteDir: string = path.resolve(__dirname, '..')): AddedApiCategory[] {
  const file = path.join(siteDir, addedApiSidebarsPath);
  if (!existsSync(file)) return [];
  return ((JSON.parse(readFileSync(file, 'utf8')) as AddedApiSidebars)[version] ?? []) as AddedApiCategory[];
}

/** The id of an added API's own sidebar: `api-` and its title in kebab case ("Adyen Checkout API" → `api-adyen-checkout-api`). */
export function addedApiSidebarId(category: Pick<AddedApiCategory, 'label'>): string {
  return `api-${category.label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')}`;
}

/** The page an added API opens at: its info page, or else its first page. */
export function addedApiEntryDoc(category: AddedApiCategory): string {
  if (category.link) return category.link.id;
  const first = (items: unknown[]): string | undefined => {
    for (const item of items) {
      if (typeof item === 'string') return item;
      const node = item as {type?: string; id?: string; link?: {id?: string}; items?: unknown[]};
      if (node.type === 'doc' && node.id) return node.id;
      const found = node.link?.id ?? (node.items ? first(node.items) : undefined);
      if (found) return found;
    }
    return undefined;
  };
  const id = first(category.items);
  if (!id) throw new Error(`The added API "${category.label}" has no page to link to`);
  return id;
}

/**
 * A sidebar link to a doc of the version at `versionPath`, by the URL its id gives (the generated
 * pages set no slug; a wrong URL fails the build's link check). A `ref` item would keep the page
 * in its own sidebar too, but shows the doc's `sidebar_label` ("Introduction") whatever label it is given.
 */
const docLink = (versionPath: string, id: string, label: string): SidebarItemConfig => ({
  type: 'link',
  href: `/${docsVersions.routeBasePath}/${versionPath}/${id}`,
  label,
});

/** The API reference's entry for each added API: a link to its first page, which shows the API's own sidebar. */
export function addedApiReferenceLinks(categories: AddedApiCategory[], versionPath: string): SidebarItemConfig[] {
  return categories.map((category) => docLink(versionPath, addedApiEntryDoc(category), category.label));
}

/** The label of the link back to the version's API reference at the top of each added API's sidebar. */
export const backToApiReferenceLabel = 'All API references';

/**
 * Each added API's own sidebar: a link back to the version's API reference (`apiReferenceDocId`),
 * then the API's category, expanded like every category of the site.
 */
export function addedApiSidebars(
  categories: AddedApiCategory[],
  versionPath: string,
  apiReferenceDocId: string,
): Record<string, SidebarItemConfig[]> {
  const sidebars: Record<string, SidebarItemConfig[]> = {};
  for (const category of categories) {
    const id = addedApiSidebarId(category);
    if (id in sidebars) throw new Error(`Two added APIs of one version would share the sidebar ${id}: give them different titles`);
    sidebars[id] = [docLink(versionPath, apiReferenceDocId, backToApiReferenceLabel), category as SidebarItemConfig];
  }
  return sidebars;
}

/**
 * The sidebars of a version the generation writes whole (1.0.0): Tessera's items, which open at its
 * API's first page, with a link to each added API; and each added API's own, leading back to that page.
 */
export function generatedVersionSidebars(
  tesseraItems: {type?: unknown; id?: unknown}[],
  categories: AddedApiCategory[],
  versionPath: string,
): Record<string, unknown[]> {
  const first = tesseraItems.find((item) => item.type === 'doc' && typeof item.id === 'string')?.id as string | undefined;
  if (categories.length > 0 && !first) throw new Error(`The ${versionPath} sidebar has no Tessera page for added APIs to link back to`);
  return {
    docs: [...tesseraItems, ...addedApiReferenceLinks(categories, versionPath)],
    ...(first ? addedApiSidebars(categories, versionPath, first) : {}),
  };
}
