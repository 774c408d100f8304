/**
 * Installs Debian packages with apt-get when this process may: as root, or through `sudo -n`
 * (passwordless sudo). So the tests' tools install themselves on a fresh machine
 * (scripts/test-tools.ts), and elsewhere the caller prints the one command to run. Node's
 * built-ins only: .ci/run starts it before `npm ci`.
 */
import {spawnSync} from 'node:child_process';
import {readdirSync} from 'node:fs';

/** A finished command: its exit status (null when it could not start) and its output, both streams. */
export type CommandResult = {status: number | null; output: string};
export type CommandRunner = (command: string, args: string[]) => CommandResult;

/** What the installer asks of the machine, injected so that the tests run no apt-get. */
export type AptHost = {
  /** The process's user id; undefined where there is none (Windows). */
  uid: number | undefined;
  run: CommandRunner;
  /** Whether apt has package lists: a fresh container has none until `apt-get update`. */
  hasPackageLists: () => boolean;
  log: (line: string) => void;
};

export type AptInstallResult =
  | {outcome: 'nothing to install'}
  | {outcome: 'installed'; packages: string[]; seconds: number}
  | {outcome: 'cannot install'; reason: string}
  | {outcome: 'install failed'; reason: string; output: string};

const aptListsFolder = '/var/lib/apt/lists';

const runCommand: CommandRunner = (command, args) => {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 256 * 1024 * 1024,
  });
  return {status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}`};
};

/** This machine: the real uid, apt-get and apt's package lists. */
export const thisMachine: AptHost = {
  uid: process.getuid?.(),
  run: runCommand,
  hasPackageLists: () => {
    try {
      // Debian names each index `<mirror>_<suite>_<component>_binary-<arch>_Packages`, compressed
      // (`.lz4`, `.gz`) where apt is configured to keep them so.
      return readdirSync(aptListsFolder).some((name) => name.includes('_Packages'));
    } catch {
      return false;
    }
  },
  log: (line) => console.log(line),
};

/** The command a person runs to install the packages, shown when this process cannot. */
export function aptInstallCommand(packages: string[]): string {
  return `sudo apt-get install ${packages.join(' ')}`;
}

/** The last lines of a command's output: where apt-get says why it failed. */
function outputTail(output: string, lines = 15): string {
  return output.trimEnd().split('\n').slice(-lines).join('\n');
}

/**
 * Installs `packages` (with `apt-get update` first when apt has no package lists, or once after
 * an install that failed on stale ones), saying on one line what it installs. `what` names, for
 * that line, what the packages are for.
 */
export function aptInstall(packages: string[], what: string, host: AptHost = thisMachine): AptInstallResult {
  if (packages.length === 0) return {outcome: 'nothing to install'};
  if (host.run('apt-get', ['--version']).status !== 0) return {outcome: 'cannot install', reason: 'apt-get is not on this machine'};
  let asRoot: (args: string[]) => [string, string[]];
  if (host.uid === 0) asRoot = (args) => ['env', ['DEBIAN_FRONTEND=noninteractive', ...args]];
  else {
    const sudoStatus = host.run('sudo', ['-n', 'true']).status;
    if (sudoStatus === null) return {outcome: 'cannot install', reason: 'this user is not root and sudo is not installed'};
    if (sudoStatus !== 0) return {outcome: 'cannot install', reason: 'this user is not root and sudo asks for a password'};
    asRoot = (args) => ['sudo', ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', ...args]];
  }

  const sudo = host.uid === 0 ? '' : 'sudo ';
  host.log(`Installing ${what}: ${sudo}apt-get install -y ${packages.join(' ')}`);
  const started = performance.now();
  const apt = (args: string[]): CommandResult => host.run(...asRoot(['apt-get', ...args]));
  const update = (): CommandResult => apt(['update', '-q']);
  const install = (): CommandResult => apt(['install', '-y', '-q', ...packages]);

  const failed = (step: string, result: CommandResult): AptInstallResult => ({
    outcome: 'install failed',
    reason: `${sudo}apt-get ${step} ${result.status === null ? 'did not run' : `exited with ${result.status}`}`,
    output: outputTail(result.output),
  });

  let updated = false;
  if (!host.hasPackageLists()) {
    const lists = update();
    if (lists.status !== 0) return failed('update', lists);
    updated = true;
  }
  let installed = install();
  if (installed.status !== 0 && !updated) {
    // Lists older than the mirror name files it no longer has, or lack a package: once more, fresh.
    const lists = update();
    if (lists.status !== 0) return failed('update', lists);
    installed = install();
  }
  if (installed.status !== 0) return failed('install', installed);
  return {outcome: 'installed', packages, seconds: Math.round((performance.now() - started) / 1000)};
}
