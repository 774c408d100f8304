/** Writes a bench's bench/<name>-latest.md: when, with which command and on what machine it measured, then its figures. */
import {writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function writeLatestReport(options: {file: string; title: string; script: string; started: Date; markdown: string}): void {
  const argumentsGiven = process.argv.slice(2).join(' ');
  const command = argumentsGiven ? `npm run ${options.script} -- ${argumentsGiven}` : `npm run ${options.script}`;
  const machine = `${os.cpus().length} CPUs, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB, load ${os.loadavg()[0]!.toFixed(1)} at the end`;
  const when = options.started.toISOString().slice(0, 16).replace('T', ' ');
  writeFileSync(
    options.file,
    `# ${options.title} (\`npm run ${options.script}\`)\n\nMeasured ${when} UTC with \`${command}\` on ${machine}.\n\n${options.markdown}\n`,
  );
  console.log(`Wrote ${path.relative(process.cwd(), options.file)}`);
}
