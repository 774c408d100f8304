/**
 * Runs npm scripts at the same time and fails if any fails: `npm test` checks types and lints at
 * once (each keeps one core busy, for about half a minute). Each script's output is printed whole
 * when it ends, so they never interleave.
 *
 *   tsx scripts/run-together.ts typecheck lint
 */
import {spawn} from 'node:child_process';

function runScript(name: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], {stdio: ['ignore', 'pipe', 'pipe']});
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      process.stdout.write(`\n> npm run ${name} (${code === 0 ? 'passed' : `failed with exit code ${code}`})\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: tsx scripts/run-together.ts <npm script> [<npm script>…]');
  process.exit(2);
}
void Promise.all(names.map(runScript)).then((results) => process.exit(results.every(Boolean) ? 0 : 1));
