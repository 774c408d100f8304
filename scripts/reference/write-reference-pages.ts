/**
 * Writes the reference pages generated from the OpenAPI files, beside the plugin's API pages:
 * per version an error catalogue (`errors.mdx` and `errors/<code>.mdx`), and for the current
 * version object pages (`objects.mdx` and `objects/<name>.mdx`) and the notifications page.
 * The deprecated version gets no object pages: every page adds its route to the JS every page
 * loads, and V1's operation pages already show its schemas.
 * scripts/generate-api-docs.ts calls it after the plugin; like the API pages, the output is not
 * committed (.gitignore) and is rewritten from scratch on every run. Only the files whose entry in
 * config/openapi.ts sets `referencePages` get them: an added provider's API has no error catalogue
 * or notification callbacks, and its schemas are shown on its operation pages.
 */
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {openApiSpecs, type OpenApiSpec} from '../../config/openapi';
import {docsVersions} from '../../config/site-constants';
import {errorPages} from './error-catalogue';
import {errorsFolder, objectsFolder, withReferencedObjectLinks} from '../../src/lib/openapi';
import {notificationsPage, notificationsSlug} from './notifications-page';
import {objectPages} from './object-pages';
import {withObjectLinks} from './object-links';
import {errorsSidebarItem} from './sidebar-items';
import type {JsonObject} from '../../src/lib/openapi';

const siteDir = path.resolve(import.meta.dirname, '../..');

type Spec = OpenApiSpec;

export const docsRouteOf = (spec: Spec): string => `/${docsVersions.routeBasePath}/${spec.version}`;

/** The docs folder of the spec's version (relative to the site): the parent of its API output folder. */
export const docsFolderOf = (spec: Spec): string => path.dirname(spec.outputDir);

/** The files whose reference pages are written: at most one per version, since they share its docs folder. */
export function referenceSpecs(): Spec[] {
  const specs = Object.values(openApiSpecs as Record<string, Spec>).filter((spec) => spec.referencePages);
  const versions = specs.map((spec) => spec.version);
  const repeated = versions.find((version, index) => versions.indexOf(version) !== index);
  if (repeated) throw new Error(`config/openapi.ts: more than one file of ${repeated} sets referencePages`);
  return specs;
}

const isCurrent = (spec: Spec) => spec.version === docsVersions.current.path;

/** Every file and folder the writer owns in a version's docs folder (also listed in .gitignore). */
export const generatedEntries = (current: boolean): string[] => [
  `${errorsFolder}.mdx`,
  errorsFolder,
  ...(current ? [`${objectsFolder}.mdx`, objectsFolder, `${notificationsSlug}.mdx`] : []),
];

export function loadSpecWithLinks(spec: Spec): JsonObject {
  const document = parse(readFileSync(path.join(siteDir, spec.sourcePath), 'utf8')) as JsonObject;
  // A field that is an id or `null` links the object it identifies, as on the operation pages.
  return withObjectLinks(withReferencedObjectLinks(document, docsRouteOf(spec)), docsRouteOf(spec));
}

export type ReferenceCounts = {version: string; errors: number; objects: number; notifications: number};

/** Writes the pages under `root` (the site, or the folder the generation stages its output in). */
export function writeReferencePages(legacySidebarFile?: string, root: string = siteDir): ReferenceCounts[] {
  const counts: ReferenceCounts[] = [];
  const specs = referenceSpecs();
  for (const spec of specs) {
    const folder = path.join(root, docsFolderOf(spec));
    const current = isCurrent(spec);
    for (const entry of generatedEntries(current)) rmSync(path.join(folder, entry), {recursive: true, force: true});
    const document = loadSpecWithLinks(spec);
    const docsRoute = docsRouteOf(spec);
    const apiName = `Tessera API V${spec.version.split('.')[0]}`;
    // Only the current version's pages are checked by the guide sample tests, against its schemas.
    const errors = errorPages(document, docsRoute, apiName, spec.sourcePath, current ? 'schema="Problem"' : '');
    mkdirSync(path.join(folder, errorsFolder), {recursive: true});
    writeFileSync(path.join(folder, `${errorsFolder}.mdx`), errors.index);
    for (const page of errors.pages) writeFileSync(path.join(folder, errorsFolder, `${page.code}.mdx`), page.mdx);
    let objects = 0;
    if (current) {
      const generated = objectPages(document, docsRoute, spec.sourcePath, (schemaName) => `title="${schemaName}" schema="${schemaName}"`);
      mkdirSync(path.join(folder, objectsFolder), {recursive: true});
      writeFileSync(path.join(folder, `${objectsFolder}.mdx`), generated.index);
      for (const page of generated.pages) writeFileSync(path.join(folder, objectsFolder, `${page.slug}.mdx`), page.mdx);
      objects = generated.pages.length;
    }
    let notifications = 0;
    if (current) {
      const page = notificationsPage(document, docsRoute, spec.sourcePath);
      writeFileSync(path.join(folder, `${notificationsSlug}.mdx`), page.mdx);
      notifications = page.events.length;
    }
    counts.push({version: spec.version, errors: errors.pages.length, objects, notifications});
  }
  if (legacySidebarFile && specs.some((spec) => !isCurrent(spec))) {
    const sidebar = JSON.parse(readFileSync(legacySidebarFile, 'utf8')) as {docs: unknown[]};
    sidebar.docs.push(errorsSidebarItem);
    writeFileSync(legacySidebarFile, `${JSON.stringify(sidebar, null, 2)}\n`);
  }
  return counts;
}
