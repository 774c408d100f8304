/**
 * Where the Postman collections and environments of each API version are published
 * (scripts/generate-postman-collections.ts writes them; the info pages and llms.txt link them).
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';

export const postmanDirectory = '/postman';

type Server = {url: string; description?: string};

/** `tessera-v3` for `openapi/tessera-v3.yaml`. */
export const postmanBaseName = (sourcePath: string) => path.basename(sourcePath).replace(/\.ya?ml$/, '');

export const collectionPath = (sourcePath: string) => `${postmanDirectory}/${postmanBaseName(sourcePath)}.postman_collection.json`;
export const environmentPath = (sourcePath: string, environmentId: string) =>
  `${postmanDirectory}/${postmanBaseName(sourcePath)}.${environmentId}.postman_environment.json`;

/** Sandbox or production: the first word of the server's description in the OpenAPI file. */
export function environmentId(server: Server): string {
  const word = /^\s*(\w+)/.exec(server.description ?? '')?.[1]?.toLowerCase();
  if (!word) throw new Error(`server ${server.url} has no description to name its environment`);
  return word;
}

/** The servers of an OpenAPI file (path relative to the site), each with its environment id. */
export function serversOf(siteDir: string, sourcePath: string): (Server & {id: string})[] {
  const document = parse(readFileSync(path.join(siteDir, sourcePath), 'utf8')) as {servers?: Server[]};
  return (document.servers ?? []).map((server) => ({...server, id: environmentId(server)}));
}
