/**
 * scripts/apt-install.ts: who may install the tests' Debian packages, and what it runs. A fake
 * machine records each command instead of running it, so no apt-get runs here.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {aptInstall, type AptHost, type CommandResult} from '../../scripts/apt-install';

type FakeMachine = AptHost & {commands: string[]; lines: string[]};

/** A machine where each command succeeds unless `results` says otherwise (keyed by its command line). */
function fakeMachine({
  uid,
  results = {},
  hasPackageLists = true,
}: {
  uid: number | undefined;
  results?: Record<string, CommandResult | CommandResult[]>;
  hasPackageLists?: boolean;
}): FakeMachine {
  const commands: string[] = [];
  const lines: string[] = [];
  return {
    uid,
    commands,
    lines,
    hasPackageLists: () => hasPackageLists,
    log: (line) => lines.push(line),
    run: (command, args) => {
      const line = [command, ...args].join(' ');
      commands.push(line);
      const result = results[line];
      if (Array.isArray(result)) return result.shift() ?? {status: 0, output: ''};
      return result ?? {status: 0, output: ''};
    },
  };
}

const aptGet = 'env DEBIAN_FRONTEND=noninteractive apt-get';
const sudoAptGet = 'sudo -n env DEBIAN_FRONTEND=noninteractive apt-get';

test('as root, it installs the packages with apt-get, non-interactively, saying so on one line', () => {
  const machine = fakeMachine({uid: 0});
  const result = aptInstall(['nginx', 'php-cli'], 'what the tests need (nginx, PHP samples)', machine);
  assert.equal(result.outcome, 'installed');
  assert.deepEqual(machine.commands, ['apt-get --version', `${aptGet} install -y -q nginx php-cli`]);
  assert.deepEqual(machine.lines, ['Installing what the tests need (nginx, PHP samples): apt-get install -y nginx php-cli']);
});

test('as another user with passwordless sudo, it installs through sudo -n', () => {
  const machine = fakeMachine({uid: 1000});
  const result = aptInstall(['nginx'], 'nginx', machine);
  assert.equal(result.outcome, 'installed');
  assert.deepEqual(machine.commands, ['apt-get --version', 'sudo -n true', `${sudoAptGet} install -y -q nginx`]);
  assert.deepEqual(machine.lines, ['Installing nginx: sudo apt-get install -y nginx']);
});

test('without root or passwordless sudo, it installs nothing and says why', () => {
  for (const [sudo, reason] of [
    [{status: 1, output: 'sudo: a password is required'}, 'this user is not root and sudo asks for a password'],
    [{status: null, output: ''}, 'this user is not root and sudo is not installed'],
  ] as const) {
    const machine = fakeMachine({uid: 1000, results: {'sudo -n true': sudo}});
    assert.deepEqual(aptInstall(['nginx'], 'nginx', machine), {outcome: 'cannot install', reason});
    assert.deepEqual(machine.commands, ['apt-get --version', 'sudo -n true']);
    assert.deepEqual(machine.lines, []);
  }
  const noApt = fakeMachine({uid: 0, results: {'apt-get --version': {status: null, output: ''}}});
  assert.deepEqual(aptInstall(['nginx'], 'nginx', noApt), {outcome: 'cannot install', reason: 'apt-get is not on this machine'});
  assert.deepEqual(noApt.commands, ['apt-get --version']);
});

test('nothing to install runs nothing', () => {
  const machine = fakeMachine({uid: 0});
  assert.deepEqual(aptInstall([], 'nothing', machine), {outcome: 'nothing to install'});
  assert.deepEqual(machine.commands, []);
  assert.deepEqual(machine.lines, []);
});

test('with no package lists (a fresh machine), it runs apt-get update once, first', () => {
  const machine = fakeMachine({uid: 0, hasPackageLists: false});
  assert.equal(aptInstall(['nginx'], 'nginx', machine).outcome, 'installed');
  assert.deepEqual(machine.commands, ['apt-get --version', `${aptGet} update -q`, `${aptGet} install -y -q nginx`]);
});

test('an install that fails on stale lists is tried once more after apt-get update', () => {
  const machine = fakeMachine({
    uid: 0,
    results: {
      [`${aptGet} install -y -q nginx`]: [
        {status: 100, output: 'E: Unable to locate package nginx'},
        {status: 0, output: ''},
      ],
    },
  });
  assert.equal(aptInstall(['nginx'], 'nginx', machine).outcome, 'installed');
  assert.deepEqual(machine.commands, [
    'apt-get --version',
    `${aptGet} install -y -q nginx`,
    `${aptGet} update -q`,
    `${aptGet} install -y -q nginx`,
  ]);
});

test('a failed install is reported with its exit status and the end of apt-get’s output', () => {
  const failure = {status: 100, output: 'Reading package lists...\nE: Unable to locate package nginx\n'};
  const machine = fakeMachine({uid: 1000, hasPackageLists: false, results: {[`${sudoAptGet} install -y -q nginx`]: failure}});
  assert.deepEqual(aptInstall(['nginx'], 'nginx', machine), {
    outcome: 'install failed',
    reason: 'sudo apt-get install exited with 100',
    output: 'Reading package lists...\nE: Unable to locate package nginx',
  });
  // The lists were fresh already: no second update.
  assert.deepEqual(machine.commands, ['apt-get --version', 'sudo -n true', `${sudoAptGet} update -q`, `${sudoAptGet} install -y -q nginx`]);

  const offline = fakeMachine({
    uid: 0,
    hasPackageLists: false,
    results: {[`${aptGet} update -q`]: {status: 100, output: 'E: Failed to fetch'}},
  });
  assert.deepEqual(aptInstall(['nginx'], 'nginx', offline), {
    outcome: 'install failed',
    reason: 'apt-get update exited with 100',
    output: 'E: Failed to fetch',
  });
});
