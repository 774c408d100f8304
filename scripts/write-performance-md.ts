/**
 * Writes PERFORMANCE.md from config/upstream-modifications.ts, so the table readers see is the
 * list the upgrade test checks. `npm run docs:performance`; tests/unit/upstream-modifications.test.ts
 * fails when the file is out of date.
 */
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {upstreamModifications, type UpstreamModification} from '../config/upstream-modifications';
import type {UnitFigures, UnitLighthouseFigures} from './bench-ledger';
import {stockSwitch, unitsTiedToGeneratedPages, withoutSwitch} from '../config/performance-layer';

const siteDir = path.resolve(import.meta.dirname, '..');
export const performanceMdPath = path.join(siteDir, 'PERFORMANCE.md');

/** The version of a package as installed, which the table and the upgrade test name. */
export const installedVersion = (pkg: string): string =>
  (JSON.parse(readFileSync(path.join(siteDir, 'node_modules', pkg, 'package.json'), 'utf8')) as {version: string}).version;

/** Each unit's figures measured alone (`npm run bench:ledger` writes them). */
export const ledgerPath = path.join(siteDir, 'bench', 'ledger.json');
const ledger = (): Record<string, UnitFigures> =>
  existsSync(ledgerPath) ? (JSON.parse(readFileSync(ledgerPath, 'utf8')) as Record<string, UnitFigures>) : {};

const timeNames = {taskMs: 'main-thread task time', blockingMs: 'blocking time', lcpMs: 'LCP', cls: 'CLS'} as const;

/** Any build renames its chunks (content hashes), which moves a page's bytes by a few dozen: smaller differences are not the unit's. */
const contentHashNoiseBytes = 64;

/** A unit's own gain in words: the bytes it saves, and the time figures whose runs were apart from the whole layer's. */
export function measuredGain(figures: UnitFigures): string {
  const bytes = Object.entries(figures.bytesSaved)
    .filter(([, saved]) => Math.abs(saved) >= contentHashNoiseBytes)
    .map(
      ([page, saved]) =>
        `${page} ${Math.abs(saved) < 102.4 ? `${Math.abs(saved)} B` : `${(Math.abs(saved) / 1024).toFixed(1)} KB`} ${saved > 0 ? 'less' : 'more'} first-load JS`,
    );
  const times = Object.entries(figures.mainThread).flatMap(([page, time]) =>
    (Object.keys(timeNames) as (keyof typeof timeNames)[])
      .filter((figure) => time[figure].apart)
      .map((figure) => {
        const {saved} = time[figure];
        const amount = figure === 'cls' ? Math.abs(saved).toFixed(3) : `${Math.abs(saved).toFixed(0)} ms`;
        return `${page} ${amount} ${saved > 0 ? 'less' : 'more'} ${timeNames[figure]}`;
      }),
  );
  const pages = Object.keys(figures.mainThread).join(', ');
  const size = (bytes: number) => (bytes < 102.4 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);
  const dom = Object.entries(figures.page ?? {})
    .filter(([, saved]) => Math.abs(saved.htmlBytes) >= contentHashNoiseBytes || saved.elements !== 0)
    .map(
      ([page, saved]) =>
        `${page} ${size(Math.abs(saved.htmlBytes))} ${saved.htmlBytes >= 0 ? 'less' : 'more'} HTML (gzip) and ${Math.abs(saved.elements)} ${saved.elements >= 0 ? 'fewer' : 'more'} elements`,
    );
  const lighthouse = figures.lighthouse ? lighthouseGain(figures.lighthouse) : [];
  if (figures.runs === 0) return [`Alone: ${bytes.join(', ') || 'no first-load JS change'}.`, ...lighthouse].join(' ');
  return [
    `Alone (\`npm run bench:ledger\`, ${figures.measured} UTC, CPU 4×, median of ${figures.runs}, load ${figures.loadAverage.join('–')}):`,
    `${bytes.join(', ') || 'no first-load JS change'};`,
    ...(dom.length > 0 ? [`${dom.join(', ')};`] : []),
    times.length > 0
      ? `${times.join(', ')} (the rest within noise on ${pages}).`
      : `main-thread time, LCP and CLS within noise on ${pages}.`,
    ...lighthouse,
  ].join(' ');
}

const lighthouseNames = {performance: 'performance score', tbtMs: 'TBT', lcpMs: 'LCP', cls: 'CLS'} as const;

/** What Lighthouse measured of a unit alone (`npm run bench:ledger -- --lighthouse`), in words. */
function lighthouseGain(figures: UnitLighthouseFigures): string[] {
  const apart = Object.entries(figures.pages).flatMap(([page, saved]) =>
    (Object.keys(lighthouseNames) as (keyof typeof lighthouseNames)[])
      .filter((figure) => saved[figure].apart)
      .map((figure) => {
        const value = saved[figure].saved;
        const amount =
          figure === 'performance'
            ? `${Math.abs(value).toFixed(0)} point${Math.abs(value) === 1 ? '' : 's'}`
            : figure === 'cls'
              ? Math.abs(value).toFixed(3)
              : `${Math.abs(value).toFixed(0)} ms`;
        const better = figure === 'performance' ? (value > 0 ? 'higher' : 'lower') : value > 0 ? 'less' : 'more';
        return `${page} ${amount} ${better} ${lighthouseNames[figure]}`;
      }),
  );
  const pages = Object.keys(figures.pages).join(', ');
  return [
    `Lighthouse mobile (\`npm run bench:ledger -- --lighthouse\`, ${figures.measured} UTC, median of ${figures.runs}, load ${figures.loadAverage.join('–')}):`,
    apart.length > 0
      ? `${apart.join(', ')}, every run apart (the rest within noise on ${pages}).`
      : `performance score, TBT, LCP and CLS within noise on ${pages}.`,
  ];
}

/** The Gain cell: what the entry's unit measured alone, and what the entry notes unless that only pointed elsewhere. */
function gainCell(modification: UpstreamModification, figures: Record<string, UnitFigures>): string {
  const measured = modification.purpose === 'performance' ? figures[modification.unit] : undefined;
  if (!measured) return modification.gain;
  const pointer = /^See |not measured apart/.test(modification.gain);
  return pointer ? measuredGain(measured) : `${measuredGain(measured)} Noted with the entry: ${modification.gain}`;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const code = (text: string) => `\`${text}\``;

/** The layer's entries say so; the others say what they are kept for, in both builds. */
const purposeCell = (modification: UpstreamModification) =>
  modification.purpose === 'performance'
    ? `performance, unit ${code(modification.unit)}`
    : `${modification.purpose}, kept: ${modification.keptBecause}`;

/** The upstream file, and what else upstream the change relies on (the upgrade test checks those too). */
function upstreamCell(modification: UpstreamModification): string {
  const reliesOn = [
    ...(modification.reliesOnFiles ?? []).map(code),
    ...(modification.reliesOnVersions ?? []).map((pkg) => `${pkg}@${installedVersion(pkg)}`),
  ];
  const file = `${code(modification.upstreamFile)} (${modification.package}@${installedVersion(modification.package)})`;
  return reliesOn.length > 0 ? `${file}; relies on ${reliesOn.join(', ')}` : file;
}

function row(modification: UpstreamModification, figures: Record<string, UnitFigures>): string {
  return `| ${[
    purposeCell(modification),
    upstreamCell(modification),
    modification.kind,
    modification.ours.map(code).join(', '),
    modification.why,
    gainCell(modification, figures),
    modification.switchOff,
  ]
    .map(cell)
    .join(' | ')} |`;
}

export function performanceMarkdown(): string {
  const layerSize = upstreamModifications.filter((modification) => modification.purpose === 'performance').length;
  return [
    '<!-- Generated by scripts/write-performance-md.ts from config/upstream-modifications.ts: edit that file, then run `npm run docs:performance`. -->',
    '',
    '# Performance layer',
    '',
    "The site's pages load a fraction of the JavaScript this stack loads by default. Most of the",
    'difference comes from the changes below, each of which alters what an upstream package does.',
    'They are listed in one place, `config/upstream-modifications.ts`, and',
    '`tests/unit/upstream-modifications.test.ts` fails when an upgrade changes an upstream file one',
    'of them relies on, naming the file and our module to re-check.',
    '',
    '- **Measure**: `npm run bench` prints first-load JS, CSS and Lighthouse figures per page type',
    '  (`bench/latest.md`). The e2e budget test holds each page type to about 10 % above what it',
    '  measured, and fails when a page loads Prism, marked, Redux, the request-sample generators or',
    '  faker at first load.',
    `- **Switch one unit off**: \`DOCUSAURUS_NO_PERSISTENT_CACHE=1 ${withoutSwitch}=<unit> npm run build\` builds the site with the whole`,
    '  layer but that unit (comma-separate several), and `npm run bench:ledger` measures every unit',
    '  that way against the whole layer, on the bench pages (`bench/ledger-latest.md`); with',
    "  `--lighthouse` it compares Lighthouse's own figures, as `npm run bench` reports them",
    "  (`bench/ledger-lighthouse-latest.md`). Each entry's gain below is what its unit measured alone.",
    `  ${unitsTiedToGeneratedPages.map(code).join(' and ')} go only with the`,
    '  stock switch (the operation pages are generated for them). To remove an entry for good, follow',
    '  its "Switch off" cell.',
    `- **Switch the whole layer off**: to tell whether a bug comes from the performance layer, build`,
    `  with \`${stockSwitch}=1\`: \`npm run build:stock\` writes that build to \`build-stock/\`, and`,
    '  `npx tsx scripts/nginx-server.ts --root build-stock` serves it. It leaves out every',
    '  modification whose purpose below is "performance" (config/performance-layer.ts: their plugins,',
    '  the theme plugin src/plugins/performance-theme and the SSR template), and the API pages are',
    '  the ones docusaurus-plugin-openapi-docs writes, for its own ApiItem: stock Docusaurus and',
    '  OpenAPI theme behaviour. What the specification, accessibility or a feature needs stays in',
    '  both builds (src/theme). `npm test` runs the route, privacy and mobile-menu focus tests against it too.',
    '- **Upgrade**: see "Upgrading Docusaurus or the OpenAPI plugin" in DEVELOPMENT.md.',
    '',
    `## Upstream modifications (${upstreamModifications.length}, ${layerSize} of them the performance layer)`,
    '',
    '| Purpose | Upstream file | How | Ours | Why | Gain | Switch off |',
    '|---|---|---|---|---|---|---|',
    ...upstreamModifications.map((modification) => row(modification, ledger())),
    '',
  ].join('\n');
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  writeFileSync(performanceMdPath, performanceMarkdown());
  console.log(`Wrote ${path.relative(siteDir, performanceMdPath)}: ${upstreamModifications.length} modifications`);
}
