/** Both OpenAPI files pass Redocly's recommended rules with every warning raised to an error. */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {apiFiles, siteDir} from '../../src/lib/openapi';

for (const [version, file] of Object.entries(apiFiles)) {
  test(`${file} lints clean under recommended-strict`, () => {
    const result = spawnSync(
      process.execPath,
      [path.join(siteDir, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', '--config', 'redocly.yaml', version],
      // The linter must not reach the network: no telemetry, no update check.
      {cwd: siteDir, encoding: 'utf8', env: {...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true'}},
    );
    const output = `${result.stdout}\n${result.stderr}`;
    assert.equal(result.status, 0, output);
    assert.match(output, /Your API description is valid/);
  });
}
