import {spawn} from 'node:child_process';
import {operationPages} from './support/sample-pages';
import {mockCommand, runSample, runProblem} from './support/sample-runner';
const port = 4999;
const mock = spawn('bash', ['-c', mockCommand('openapi/tessera-v3.yaml', port)], {stdio: ['ignore', 'pipe', 'pipe']});
await new Promise<void>((resolve) => mock.stdout.on('data', (d: Buffer) => /listening/i.test(d.toString()) && resolve()));
const page = operationPages().find((p) => p.route === '/docs/3.0.0/api/create-session')!;
const only = process.argv[2]?.split(',');
for (const sample of page.samples) {
  if (only && !only.includes(sample.lang)) continue;
  const times: number[] = [];
  for (let i = 0; i < 4; i++) {
    const t = performance.now();
    const r = await runSample(sample.lang as never, sample.source, `http://127.0.0.1:${port}`);
    times.push(Math.round(performance.now() - t));
    const p = runProblem(r); if (p) console.log(sample.lang, p.slice(0, 200));
  }
  console.log(sample.lang.padEnd(8), times.join(' '));
}
mock.kill();
process.exit(0);
