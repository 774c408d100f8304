/**
 * The programs the tests need from Debian, checked before `npm test` starts anything (its
 * `pretest`), so that a missing one is named with its package at once rather than found by a test
 * minutes later: Chromium (diagrams at build time, the browser tests), nginx and its brotli module
 * (the production server the browser tests use), OpenSSL (a certificate for `nginx -t` on the
 * documented server blocks), and each sample language's toolchain (src/lib/sample-languages).
 *
 *   npx tsx scripts/test-tools.ts            lists each tool with its state; exits 1, naming the packages, when one is missing
 *   npx tsx scripts/test-tools.ts --missing  prints the missing Debian packages on one line, for apt-get (.ci/run)
 */
import {spawnSync} from 'node:child_process';
import {accessSync, constants, existsSync} from 'node:fs';
import path from 'node:path';
import {chromiumPath, testChromiumPath} from '../config/chromium';
import {toolchainStates} from '../src/lib/sample-languages/toolchains';
import {brotliModule, nginxPath} from '../config/nginx';

export type TestTool = {label: string; debianPackages: string[]; installed: boolean};

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const runs = (command: string, args: string[]): boolean => spawnSync(command, args, {stdio: 'ignore', timeout: 30_000}).status === 0;

/** Every tool the tests need, probed on this machine. */
export function testTools(): TestTool[] {
  return [
    {label: 'Chromium', debianPackages: ['chromium'], installed: isExecutable(chromiumPath)},
    {label: 'Chromium headless shell', debianPackages: ['chromium-headless-shell'], installed: isExecutable(testChromiumPath)},
    {label: 'nginx', debianPackages: ['nginx'], installed: isExecutable(nginxPath)},
    {label: 'nginx brotli_static module', debianPackages: ['libnginx-mod-http-brotli-static'], installed: existsSync(brotliModule)},
    {label: 'OpenSSL', debianPackages: ['openssl'], installed: runs('openssl', ['version'])},
    ...toolchainStates().map(({language, installed}) => ({
      label: `${language.label} samples`,
      debianPackages: language.toolchain.debianPackages,
      installed,
    })),
  ];
}

/** The Debian packages of the missing tools, each once. */
export function missingTestPackages(tools: TestTool[]): string[] {
  return [...new Set(tools.filter((tool) => !tool.installed).flatMap((tool) => tool.debianPackages))];
}

/** What to install before the tests can run, or undefined when nothing is missing. */
export function missingToolsMessage(tools: TestTool[]): string | undefined {
  const missing = tools.filter((tool) => !tool.installed);
  if (missing.length === 0) return undefined;
  return `The tests need ${missing.map((tool) => tool.label).join(', ')}: sudo apt-get install ${missingTestPackages(tools).join(' ')}`;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const tools = testTools();
  if (process.argv.includes('--missing')) console.log(missingTestPackages(tools).join(' '));
  else {
    for (const {label, installed, debianPackages} of tools) {
      console.log(`${label.padEnd(28)} ${installed ? 'installed' : `missing: ${debianPackages.join(' ')}`}`);
    }
    const message = missingToolsMessage(tools);
    if (message) {
      console.error(message);
      process.exit(1);
    }
  }
}
