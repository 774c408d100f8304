/**
 * Where the Postman collections and environments of each API version are published
 * (scripts/generate-postman-collections.ts writes them; the info pages and llms.txt link them).
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';

export const postmanDirectory = '/postman';

type Server = {url: string; description?: string};

/** `tessera-v3` for `openapi/tessera-v3.yaml` (or `.json`). */
export const postmanBaseName = (sourcePath: string) => path.basename(sourcePath).replace(/\.(ya?ml|json)$/, '');

export const collectionPath = (sourcePath: string) => `${postmanDirectory}/${postmanBaseName(sourcePath)}.postman_collection.json`;
export const environmentPath = (sourcePath: string, environmentId: string) =>
  `${postmanDirectory}/${postmanBaseName(sourcePath)}.${environmentId}.postman_environment.json`;

/**
 * Sandbox or production: the first word of the server's description in the OpenAPI file, or for a
 * server without one the first label of its host (`checkout-test` for checkout-test.adyen.com).
 */
export function environmentId(server: Server): string {
  const word = /^\s*(\w+)/.exec(server.description ?? '')?.[1]?.toLowerCase();
  if (word) return word;
  const host = /^(?:[a-z]+:)?\/\/([^/:]+)/i.exec(server.url)?.[1];
  const label = host
    ?.split('.')[0]
    ?.toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-');
  if (!label) throw new Error(`server ${server.url} has neither a description nor a host to name its environment`);
  return label;
}

/** The environment ids of a file's servers, numbered where two would share a name. */
export function environmentIds(servers: readonly Server[]): string[] {
  const ids = servers.map(environmentId);
  return ids.map((id, index) =>
    ids.indexOf(id) === ids.lastIndexOf(id) ? id : `${id}-${ids.slice(0, index + 1).filter((other) => other === id).length}`,
  );
}

/** The servers of an OpenAPI file (path relative to the site), each with its environment id. */
export function serversOf(siteDir: string, sourcePath: string): (Server & {id: string})[] {
  const document = parse(readFileSync(path.join(siteDir, sourcePath), 'utf8')) as {servers?: Server[]};
  const servers = document.servers ?? [];
  const ids = environmentIds(servers);
  return servers.map((server, index) => ({...server, id: ids[index]!}));
}
