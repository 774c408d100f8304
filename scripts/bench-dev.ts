/**
 * The writers' loop, measured as a writer meets it (`npm run bench:dev`): how long `npm start`
 * takes to serve its first page, and how long an edit of a docs page takes to reach an open
 * browser. Prints figures; nothing asserts on them (timings vary with the machine's load).
 *
 * The edit appends a sentence to a docs page, waits until the open page shows it (the dev
 * server's hot reload), then puts the file back as it was, each time.
 */
import {spawn} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {chromium} from '@playwright/test';
import {chromiumFlags, chromiumPath} from '../config/chromium';
import {median} from './bench-search';

const siteDir = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_DEV_PORT ?? 3870);
const route = '/docs/3.0.0/sdk/sdk/intro';
const editedFile = path.join(siteDir, 'docs/sdk/sdk/intro.mdx');
const edits = 3;

async function firstPageServed(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}${route}`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`npm start served no page within the time allowed`);
}

async function main(): Promise<void> {
  const started = Date.now();
  // Its own process group, so that stopping it stops the dev server's children too.
  const server = spawn('npm', ['start', '--', '--port', String(port), '--host', '127.0.0.1', '--no-open'], {
    cwd: siteDir,
    detached: true,
    stdio: 'ignore',
    env: {...process.env, BROWSER: 'none'},
  });
  const original = readFileSync(editedFile, 'utf8');
  const browser = await chromium.launch({executablePath: chromiumPath, args: chromiumFlags});
  try {
    await firstPageServed(started + 600_000);
    const startMs = Date.now() - started;
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}${route}`);
    await page.waitForSelector('article h1');
    const editMs: number[] = [];
    for (let edit = 1; edit <= edits; edit++) {
      const marker = `Bench edit ${edit} ${Date.now()}.`;
      const written = Date.now();
      writeFileSync(editedFile, `${original}\n${marker}\n`);
      await page.waitForFunction((text) => document.querySelector('article')?.textContent?.includes(text), marker, {timeout: 120_000});
      editMs.push(Date.now() - written);
      writeFileSync(editedFile, original);
      await page.waitForFunction((text) => !document.querySelector('article')?.textContent?.includes(text), marker, {timeout: 120_000});
    }
    console.log(`Machine: ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the end`);
    console.log(`npm start, to its first page served (${route}): ${(startMs / 1000).toFixed(1)} s`);
    console.log(
      `An edit of ${path.relative(siteDir, editedFile)}, to the open page showing it: ${editMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')} (median ${(median(editMs) / 1000).toFixed(1)} s)`,
    );
  } finally {
    writeFileSync(editedFile, original);
    await browser.close();
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
