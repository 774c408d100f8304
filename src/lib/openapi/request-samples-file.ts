/**
 * Every request sample of an operation page (and of a guide's tab set of samples), in a file of its
 * own that the page loads when a reader chooses a language other than the first
 * (src/components/SampleOnDemand): static JSON named after
 * its content hash under /assets/, so it is cached for good like the site's other assets
 * (config/security-headers.ts) and a page never reads another build's file.
 */
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {CodeSample} from './operation-summary';

/** Where the files are, in the site's URL space and under static/. */
export const requestSamplesUrlFolder = '/assets/request-samples';
const staticFolder = (siteDir: string) => path.join(siteDir, 'static', requestSamplesUrlFolder);

/** The samples' file: its URL path, named after its content, and that content. */
export function requestSamplesFile(samples: CodeSample[]): {url: string; text: string} {
  const text = JSON.stringify(samples);
  return {url: `${requestSamplesUrlFolder}/${createHash('sha256').update(text).digest('hex').slice(0, 16)}.json`, text};
}

/** Writes the samples' file (unless it is there: its name is its content) and returns its URL path. */
export function writeRequestSamplesFile(siteDir: string, samples: CodeSample[]): string {
  const {url, text} = requestSamplesFile(samples);
  const target = path.join(siteDir, 'static', url);
  if (!existsSync(target)) {
    mkdirSync(staticFolder(siteDir), {recursive: true});
    // Written whole under another name first: a build reading the folder never sees half a file.
    writeFileSync(`${target}.${process.pid}.tmp`, text);
    renameSync(`${target}.${process.pid}.tmp`, target);
  }
  return url;
}

export function readRequestSamplesFile(siteDir: string, urlPath: string): CodeSample[] {
  if (!urlPath.startsWith(`${requestSamplesUrlFolder}/`)) throw new Error(`${urlPath} is not a request-samples file`);
  return JSON.parse(readFileSync(path.join(siteDir, 'static', urlPath), 'utf8')) as CodeSample[];
}

/** Removes the files no page names any more (after a generation whose pages all name theirs). */
export function removeUnusedRequestSamplesFiles(siteDir: string, used: ReadonlySet<string>): void {
  let names: string[];
  try {
    names = readdirSync(staticFolder(siteDir));
  } catch {
    return;
  }
  for (const name of names) {
    if (!used.has(`${requestSamplesUrlFolder}/${name}`)) rmSync(path.join(staticFolder(siteDir), name), {force: true});
  }
}
