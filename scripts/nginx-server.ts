/**
 * Runs nginx over a production build with the shipped configuration (deploy/nginx/tessera-docs.conf
 * and the release include that scripts/deploy.ts renders: root and headers, from
 * config/security-headers.ts and the build's script hashes), as production serves it: for
 * `npm run serve:prod`, the browser tests (playwright.config.ts) and `npm run bench`.
 *
 *   npm run serve:prod                          build when there is none, then serve on a free port
 *   tsx scripts/nginx-server.ts [--port N] [--root build] [--build-if-missing]
 *
 * nginx runs in the foreground as this process's child, with its own configuration, pid file and
 * temporary folders in a fresh temporary prefix, so no root-owned global configuration is read or
 * needed, and stopping this process stops nginx. Bound to 127.0.0.1.
 */
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {chmodSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync} from 'node:fs';
import {createServer, connect} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {brotliModule, nginxPath} from '../config/nginx';
import {buildScriptHashes, nginxReleaseConfig} from '../config/security-headers';
import {cdnHeadersFile} from './write-host-headers';

export const host = '127.0.0.1';
const siteDir = path.resolve(import.meta.dirname, '..');
export const siteConfigFile = path.join(siteDir, 'deploy/nginx/tessera-docs.conf');
export const httpConfigFile = path.join(siteDir, 'deploy/nginx/tessera-docs-http.conf');
export const redirectConfigFile = path.join(siteDir, 'deploy/nginx/tessera-docs-redirect.conf');
/** Where the shipped configuration logs CSP reports; a local run logs them into its prefix instead. */
export const cspReportLog = '/var/log/nginx/tessera-docs-csp-reports.log';

/** `prefix`: the run's temporary folder (its configuration, pid file and CSP report log, csp-reports.log). */
export type NginxServer = {
  url: string;
  port: number;
  child: ChildProcess;
  prefix: string;
  configFile: string;
  /** What nginx logged (warnings and errors) so far. */
  errorLog: () => string;
  stop: () => Promise<void>;
};

export {brotliModule, nginxPath};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The main and http context of a local nginx: self-contained, everything under `prefix`, around the given server blocks. */
export function localNginxMainConfig({prefix, workers, servers}: {prefix: string; workers: number | 'auto'; servers: string}): string {
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, name)};`;
  // Started as root, nginx's workers would switch to "nobody", who may not read a build in a home folder.
  const runAsUser = process.getuid?.() === 0 ? 'user root;' : '';
  return `# Written by scripts/nginx-server.ts for one local run; do not edit.
daemon off;
worker_processes ${workers};
pid ${path.join(prefix, 'nginx.pid')};
error_log stderr warn;
${runAsUser}
load_module ${brotliModule};
events { worker_connections 1024; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n    ')}
    include ${httpConfigFile};
${servers}
}
`;
}

/**
 * The shipped site configuration with its one absolute path, the CSP report log, moved into `prefix`
 * (written there as site.conf): a local nginx may not write to /var/log/nginx.
 */
export function writeLocalSiteConfig(prefix: string): string {
  const shipped = readFileSync(siteConfigFile, 'utf8');
  if (shipped.split(cspReportLog).length !== 2) throw new Error(`${siteConfigFile} should name ${cspReportLog} once`);
  const file = path.join(prefix, 'site.conf');
  writeFileSync(file, shipped.replace(cspReportLog, path.join(prefix, 'csp-reports.log')));
  return file;
}

/** The server block of the site as the documented one (deploy/nginx/tessera-docs.conf's header), on loopback without TLS. */
export function localServerBlock({port, releaseInclude, siteConfig}: {port: number; releaseInclude: string; siteConfig: string}): string {
  return `    server {
        listen ${host}:${port};
        include ${releaseInclude};
        include ${siteConfig};
    }`;
}

/** The whole nginx.conf of a local run: the shipped server configuration inside a minimal, self-contained main and http context. */
export function localNginxConfig({
  port,
  prefix,
  workers,
  releaseInclude,
  siteConfig,
}: {
  port: number;
  prefix: string;
  workers: number | 'auto';
  releaseInclude: string;
  siteConfig: string;
}): string {
  return localNginxMainConfig({prefix, workers, servers: localServerBlock({port, releaseInclude, siteConfig})});
}

function waitForPort(port: number, child: ChildProcess, stderr: () => string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`nginx exited (${code}) before it listened:\n${stderr()}`));
    child.once('exit', onExit);
    const attempt = () => {
      const socket = connect(port, host);
      socket.once('connect', () => {
        socket.destroy();
        child.off('exit', onExit);
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) {
          child.off('exit', onExit);
          reject(new Error(`nginx did not listen on ${host}:${port} within ${timeoutMs / 1000} s:\n${stderr()}`));
        } else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/** Starts nginx over `root` (a build with its generated header file) on 127.0.0.1:`port` (0: a free port). */
export async function startNginx({
  root,
  port = 0,
  workers = 'auto',
}: {
  root: string;
  port?: number;
  workers?: number | 'auto';
}): Promise<NginxServer> {
  // The real path, as scripts/deploy.ts writes it: the root that production's nginx gets.
  const absoluteRoot = existsSync(root) ? realpathSync(root) : path.resolve(root);
  if (!existsSync(nginxPath)) throw new Error(`No nginx at ${nginxPath}: apt-get install nginx (or set NGINX_PATH).`);
  if (!existsSync(brotliModule)) {
    throw new Error(`No brotli module at ${brotliModule}: apt-get install libnginx-mod-http-brotli-static (or set NGINX_BROTLI_MODULE).`);
  }
  if (!existsSync(path.join(absoluteRoot, cdnHeadersFile))) {
    throw new Error(`No ${cdnHeadersFile} in ${absoluteRoot}: run \`npm run build\` (its postbuild step writes it).`);
  }
  const actualPort = port === 0 ? await freePort() : port;
  const prefix = newPrefix();
  const releaseInclude = path.join(prefix, 'release.nginx.conf');
  const {hashes} = buildScriptHashes(absoluteRoot);
  writeFileSync(releaseInclude, nginxReleaseConfig({root: absoluteRoot, scriptHashes: hashes, generatedBy: 'scripts/nginx-server.ts'}));
  const siteConfig = writeLocalSiteConfig(prefix);
  return launchNginx({prefix, port: actualPort, config: localNginxConfig({port: actualPort, prefix, workers, releaseInclude, siteConfig})});
}

/** A fresh temporary nginx prefix that nginx's workers may read. */
export function newPrefix(): string {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'tessera-nginx-'));
  chmodSync(prefix, 0o755);
  return prefix;
}

/** Runs nginx in the foreground with `config` (written to `prefix`/nginx.conf) until it listens on `port`; stopping it removes `prefix`. */
export async function launchNginx({prefix, port, config}: {prefix: string; port: number; config: string}): Promise<NginxServer> {
  const configFile = path.join(prefix, 'nginx.conf');
  writeFileSync(configFile, config);
  // -e: messages from before the configuration is read go to stderr too, not to /var/log/nginx.
  const child = spawn(nginxPath, ['-p', prefix, '-c', configFile, '-e', 'stderr'], {stdio: ['ignore', 'inherit', 'pipe']});
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    process.stderr.write(chunk);
  });
  const removePrefix = () => rmSync(prefix, {recursive: true, force: true});
  try {
    await waitForPort(port, child, () => stderr);
  } catch (error) {
    if (child.exitCode === null) child.kill('SIGTERM');
    removePrefix();
    throw error;
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        removePrefix();
        resolve();
        return;
      }
      child.once('exit', () => {
        removePrefix();
        resolve();
      });
      // SIGTERM: nginx's fast shutdown; the master stops its workers before it exits.
      child.kill('SIGTERM');
    });
  return {url: `http://${host}:${port}`, port, child, prefix, configFile, errorLog: () => stderr, stop};
}

function parseArguments(argv: string[]): {port: number; root: string; buildIfMissing: boolean} {
  let port = 0;
  let root = 'build';
  let buildIfMissing = false;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    if (argument === '--root') root = argv[++index] ?? root;
    else if (argument === '--port') port = Number(argv[++index]);
    else if (argument === '--build-if-missing') buildIfMissing = true;
    else throw new Error(`Unknown argument ${argument}. Usage: nginx-server.ts [--port N] [--root build] [--build-if-missing]`);
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Bad port ${port}`);
  return {port, root, buildIfMissing};
}

async function main(): Promise<void> {
  const {port, root, buildIfMissing} = parseArguments(process.argv.slice(2));
  if (buildIfMissing && !existsSync(path.join(root, cdnHeadersFile))) {
    console.log(`No production build in ${root}/: npm run build ...`);
    const build = spawnSync('npm', ['run', 'build'], {cwd: siteDir, stdio: 'inherit'});
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const server = await startNginx({root, port});
  console.log(`Serving ${root}/ with nginx (deploy/nginx/tessera-docs.conf) at ${server.url}`);
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stopping = true;
      void server.stop().then(() => process.exit(0));
    });
  }
  server.child.once('exit', (code) => {
    if (stopping) return;
    console.error(`nginx exited (${code})`);
    process.exit(1);
  });
}

// Run as a script (not when imported): tsx runs this file as CommonJS, so no top-level await.
if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
