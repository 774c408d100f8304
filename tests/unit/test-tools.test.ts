/**
 * scripts/test-tools.ts: what `npm test` checks before it starts, and how it names what is
 * missing.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {createRequire} from 'node:module';
import {test} from 'node:test';
import {pathToFileURL} from 'node:url';
import {sampleLanguages} from '../../src/lib/sample-languages';
import {
  ensureTestTools,
  installRequested,
  missingTestPackages,
  missingToolsMessage,
  testTools,
  type TestTool,
} from '../../scripts/test-tools';
import type {AptHost, CommandResult} from '../../scripts/apt-install';
import packageJson from '../../package.json' with {type: 'json'};

const siteDir = path.resolve(import.meta.dirname, '../..');

test('a missing tool is named with its Debian packages, each package once', () => {
  const tools: TestTool[] = [
    {label: 'nginx', debianPackages: ['nginx'], installed: false},
    {label: 'Chromium', debianPackages: ['chromium'], installed: true},
    {label: 'PHP samples', debianPackages: ['php-cli', 'php-sqlite3'], installed: false},
    {label: 'PHP handlers', debianPackages: ['php-sqlite3'], installed: false},
  ];
  assert.deepEqual(missingTestPackages(tools), ['nginx', 'php-cli', 'php-sqlite3']);
  assert.equal(
    missingToolsMessage(tools),
    'The tests need nginx, PHP samples, PHP handlers: sudo apt-get install nginx php-cli php-sqlite3',
  );
  assert.equal(missingToolsMessage(tools.filter((tool) => tool.installed)), undefined);
});

test('the check covers the servers, the browser and every sample language, and runs before npm test', () => {
  const labels = testTools().map((tool) => tool.label);
  for (const label of ['Chromium', 'Chromium headless shell', 'nginx', 'nginx brotli_static module', 'OpenSSL'])
    assert.ok(labels.includes(label), label);
  for (const language of sampleLanguages) assert.ok(labels.includes(`${language.label} samples`), language.label);
  assert.equal(packageJson.scripts.pretest, 'tsx scripts/test-tools.ts --install');
  assert.equal(installRequested(['node', 'test-tools.ts', '--install'], {}), true);
  assert.equal(installRequested(['node', 'test-tools.ts', '--install'], {TEST_TOOLS_NO_INSTALL: '1'}), false);
  assert.equal(installRequested(['node', 'test-tools.ts'], {}), false);
});

/**
 * A fake machine whose probe reports nginx missing until an `apt-get install` there succeeds (and
 * brings it, unless `installBringsNginx` is false). It records each command instead of running it.
 */
function machineMissingNginx({
  uid,
  install,
  sudo = {status: 0, output: ''},
  nginxInstalled: nginxAlready = false,
  installBringsNginx = true,
}: {
  uid: number;
  install: CommandResult;
  sudo?: CommandResult;
  nginxInstalled?: boolean;
  installBringsNginx?: boolean;
}) {
  const commands: string[] = [];
  const lines: string[] = [];
  let nginxInstalled = nginxAlready;
  const host: AptHost = {
    uid,
    hasPackageLists: () => true,
    log: (line) => lines.push(line),
    run: (command, args) => {
      commands.push([command, ...args].join(' '));
      if (command === 'sudo' && args.join(' ') === '-n true') return sudo;
      if (args.includes('install')) {
        nginxInstalled = install.status === 0 && installBringsNginx;
        return install;
      }
      return {status: 0, output: ''};
    },
  };
  const probe = (): TestTool[] => [
    {label: 'nginx', debianPackages: ['nginx'], installed: nginxInstalled},
    {label: 'OpenSSL', debianPackages: ['openssl'], installed: true},
  ];
  return {host, probe, commands, lines};
}

test('npm test installs a missing tool when it may, says so, and checks again', () => {
  for (const uid of [0, 1000]) {
    const machine = machineMissingNginx({uid, install: {status: 0, output: ''}});
    const check = ensureTestTools({install: true, probe: machine.probe, host: machine.host});
    assert.equal(check.problem, undefined);
    assert.ok(check.tools.every((tool) => tool.installed));
    assert.equal(
      machine.commands.filter((command) => command.endsWith('apt-get install -y -q nginx')).length,
      1,
      machine.commands.join('\n'),
    );
    assert.equal(machine.lines[0], `Installing what the tests need (nginx): ${uid === 0 ? '' : 'sudo '}apt-get install -y nginx`);
  }
});

test('where it may not install, npm test runs no apt-get and prints the one command to run', () => {
  const machine = machineMissingNginx({uid: 1000, install: {status: 0, output: ''}, sudo: {status: 1, output: ''}});
  const check = ensureTestTools({install: true, probe: machine.probe, host: machine.host});
  assert.equal(
    check.problem,
    'Not installing them: this user is not root and sudo asks for a password.\nThe tests need nginx: sudo apt-get install nginx',
  );
  assert.ok(!machine.commands.some((command) => command.includes('apt-get install')), machine.commands.join('\n'));

  // TEST_TOOLS_NO_INSTALL=1, or a run without --install: the command only.
  const optedOut = machineMissingNginx({uid: 0, install: {status: 0, output: ''}});
  assert.equal(
    ensureTestTools({install: false, probe: optedOut.probe, host: optedOut.host}).problem,
    'The tests need nginx: sudo apt-get install nginx',
  );
  assert.deepEqual(optedOut.commands, []);
});

test('a failed install is reported with apt-get’s words and the command to run', () => {
  const machine = machineMissingNginx({uid: 0, install: {status: 100, output: 'E: Unable to locate package nginx'}});
  const check = ensureTestTools({install: true, probe: machine.probe, host: machine.host});
  assert.equal(
    check.problem,
    'apt-get install exited with 100:\nE: Unable to locate package nginx\nThe tests need nginx: sudo apt-get install nginx',
  );
  assert.equal(check.tools.find((tool) => tool.label === 'nginx')?.installed, false);

  // apt-get succeeded, and the probe still finds no nginx.
  const stillMissing = machineMissingNginx({uid: 0, install: {status: 0, output: ''}, installBringsNginx: false});
  assert.equal(
    ensureTestTools({install: true, probe: stillMissing.probe, host: stillMissing.host}).problem,
    'Still missing after apt-get install. The tests need nginx: sudo apt-get install nginx',
  );
});

test('with every tool installed, npm test installs nothing', () => {
  const machine = machineMissingNginx({uid: 0, install: {status: 0, output: ''}, nginxInstalled: true});
  const check = ensureTestTools({install: true, probe: machine.probe, host: machine.host});
  assert.deepEqual(check, {tools: machine.probe()});
  assert.deepEqual(machine.commands, []);
  assert.deepEqual(machine.lines, []);
});

test('the tool check runs without the site’s npm packages, as .ci/run calls it before npm ci', () => {
  // The tracked code layers copied where no node_modules can be found: a module the check loads
  // that imports an npm package fails here, naming the package.
  const copy = mkdtempSync(path.join(os.tmpdir(), 'tessera-test-tools-'));
  try {
    const tracked = spawnSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard', 'config', 'src', 'scripts', 'tsconfig.json'],
      {cwd: siteDir, encoding: 'utf8'},
    );
    assert.equal(tracked.status, 0, tracked.stderr);
    for (const file of tracked.stdout.split('\0').filter(Boolean)) {
      mkdirSync(path.dirname(path.join(copy, file)), {recursive: true});
      copyFileSync(path.join(siteDir, file), path.join(copy, file));
    }
    // `node --import tsx`, with tsx found from this site, as npx finds its own copy.
    const tsx = pathToFileURL(createRequire(import.meta.filename).resolve('tsx')).href;
    const check = spawnSync(process.execPath, ['--import', tsx, path.join(copy, 'scripts/test-tools.ts'), '--missing'], {
      cwd: copy,
      encoding: 'utf8',
    });
    assert.equal(check.status, 0, check.stderr);
    assert.equal(check.stdout.trim(), missingTestPackages(testTools()).join(' '));
  } finally {
    rmSync(copy, {recursive: true, force: true});
  }
  // .ci/run installs with the same command as `npm test`, in the background of npm ci, from a tsx
  // outside node_modules.
  const ci = readFileSync(path.join(siteDir, '.ci/run'), 'utf8');
  assert.match(
    ci,
    /--prefix "\$tool_check" [^\n]*"tsx@\$tsx_version"\n"\$tool_check\/node_modules\/\.bin\/tsx" scripts\/test-tools\.ts --install &\n/,
  );
  assert.ok(ci.indexOf('scripts/test-tools.ts --install &') < ci.indexOf('\nnpm ci '), 'the installer starts before npm ci');
  assert.doesNotMatch(ci, /apt-get/);
});
