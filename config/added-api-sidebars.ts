/**
 * The sidebar categories of the APIs added to a version beside Tessera's (config/openapi.ts),
 * by version: scripts/generate-api-docs.ts writes them from the plugin's generated sidebars and
 * sidebars.ts puts the current version's in its API reference.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {SidebarItemConfig} from '@docusaurus/plugin-content-docs/lib/sidebars/types.js';

export const addedApiSidebarsPath = '.generated/added-api-sidebars.json';

export type AddedApiSidebars = Record<string, unknown[]>;

/** The categories of the version's added APIs; none before the first generation. */
export function addedApiSidebarItems(version: string, siteDir: string = path.resolve(__dirname, '..')): SidebarItemConfig[] {
  const file = path.join(siteDir, addedApiSidebarsPath);
  if (!existsSync(file)) return [];
  return ((JSON.parse(readFileSync(file, 'utf8')) as AddedApiSidebars)[version] ?? []) as SidebarItemConfig[];
}
