/**
 * The programs the tests need from Debian, checked before `npm test` starts anything (its
 * `pretest`), so that a missing one is named with its package at once rather than found by a test
 * minutes later: Chromium (diagrams at build time, the browser tests), nginx and its brotli module
 * (the production server the browser tests use), OpenSSL (a certificate for `nginx -t` on the
 * documented server blocks), and each sample language's toolchain (src/lib/sample-languages).
 *
 * With --install (`npm test` and .ci/run), it installs the missing packages when it can: as root or
 * through passwordless sudo (scripts/apt-install.ts). Only where it cannot, or apt-get fails, does it
 * stop, printing the one command to run.
 *
 *   npx tsx scripts/test-tools.ts            lists each tool with its state; exits 1, naming the packages, when one is missing
 *   npx tsx scripts/test-tools.ts --install  the same, after installing what is missing when it can (TEST_TOOLS_NO_INSTALL=1: never)
 *   npx tsx scripts/test-tools.ts --missing  prints the missing Debian packages on one line, for apt-get
 */
import {spawnSync} from 'node:child_process';
import {accessSync, constants, existsSync} from 'node:fs';
import path from 'node:path';
import {chromiumPath, testChromiumPath} from '../config/chromium';
import {toolchainStates} from '../src/lib/sample-languages/toolchains';
import {brotliModule, nginxPath} from '../config/nginx';
import {aptInstall, aptInstallCommand, thisMachine, type AptHost} from './apt-install';

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
  return `The tests need ${missing.map((tool) => tool.label).join(', ')}: ${aptInstallCommand(missingTestPackages(tools))}`;
}

export type TestToolsCheck = {
  /** The tools as probed last, after any install. */
  tools: TestTool[];
  /** Why the tests cannot run yet, ending with the command that installs what is missing. */
  problem?: string;
};

/**
 * Probes the tools and, when one is missing and `install` allows, installs its packages and
 * probes again. `probe` and `host` are this machine's unless a test injects its own.
 */
export function ensureTestTools({
  install,
  probe = testTools,
  host = thisMachine,
}: {
  install: boolean;
  probe?: () => TestTool[];
  host?: AptHost;
}): TestToolsCheck {
  const tools = probe();
  const message = missingToolsMessage(tools);
  if (message === undefined) return {tools};
  if (!install) return {tools, problem: message};
  const missingLabels = tools.filter((tool) => !tool.installed).map((tool) => tool.label);
  const result = aptInstall(missingTestPackages(tools), `what the tests need (${missingLabels.join(', ')})`, host);
  switch (result.outcome) {
    case 'nothing to install':
      return {tools};
    case 'cannot install':
      return {tools, problem: `Not installing them: ${result.reason}.\n${message}`};
    case 'install failed': {
      const after = probe();
      const still = missingToolsMessage(after);
      // A failure that still left every tool installed (a package's own script, say) stops nothing.
      if (still === undefined) host.log(`${result.reason}, but every tool is installed:\n${result.output}`);
      return still === undefined ? {tools: after} : {tools: after, problem: `${result.reason}:\n${result.output}\n${still}`};
    }
    case 'installed': {
      host.log(`Installed ${result.packages.length} Debian packages in ${result.seconds} s.`);
      const after = probe();
      const still = missingToolsMessage(after);
      return still === undefined ? {tools: after} : {tools: after, problem: `Still missing after apt-get install. ${still}`};
    }
  }
}

/** Whether this run may install: asked for with --install, and not refused by TEST_TOOLS_NO_INSTALL=1. */
export function installRequested(argv: readonly string[], env: NodeJS.ProcessEnv): boolean {
  return argv.includes('--install') && env.TEST_TOOLS_NO_INSTALL !== '1';
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  if (process.argv.includes('--missing')) console.log(missingTestPackages(testTools()).join(' '));
  else {
    const {tools, problem} = ensureTestTools({install: installRequested(process.argv, process.env)});
    for (const {label, installed, debianPackages} of tools) {
      console.log(`${label.padEnd(28)} ${installed ? 'installed' : `missing: ${debianPackages.join(' ')}`}`);
    }
    if (problem) {
      console.error(problem);
      process.exit(1);
    }
  }
}
