/**
 * The theme components that exist only to make pages lighter (./theme): each says in its first
 * line what it changes, and config/upstream-modifications.ts lists them with their measured gain.
 * They live in this theme plugin rather than in src/theme because Docusaurus always applies
 * src/theme: as a plugin, they go when the stock switch leaves it out (config/performance-layer.ts).
 *
 * docusaurus.config.ts lists this theme last, so its components shadow those of every other theme.
 * A wrapper here imports the component it wraps as `@theme-init/…` (the first theme's), not
 * `@theme-original/…`: for a theme plugin that alias points to its own file.
 */
import {mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

// Docusaurus loads site plugins as CommonJS, so `__dirname` is the module's own.
export const performanceThemeDir = path.join(__dirname, 'theme');

export type PerformanceThemeOptions = {
  /** Components (paths under ./theme, a folder or a file) left out, to measure the layer without them (TESSERA_WITHOUT). */
  without?: string[];
};

/**
 * A theme folder with every component of ./theme but those left out: each file re-exports ours,
 * so that Docusaurus aliases `@theme/…` to it and the left-out ones fall back to the theme below.
 */
function themeWithout(generatedFilesDir: string, without: string[]): string {
  // One folder per set left out, so that builds of different sets never share one.
  const themeDir = path.join(generatedFilesDir, 'performance-theme-without', without.join('+').replaceAll('/', '_'));
  rmSync(themeDir, {recursive: true, force: true});
  const files = readdirSync(performanceThemeDir, {recursive: true, encoding: 'utf8'}).filter((file) => /\.tsx?$/.test(file));
  for (const file of files) {
    const component = file.split(path.sep).join('/');
    if (without.some((left) => component === left || component.startsWith(`${left}/`))) continue;
    const source = path.join(performanceThemeDir, file);
    const module = JSON.stringify(source.replace(/\.tsx?$/, ''));
    const hasDefault = /^export default /m.test(readFileSync(source, 'utf8'));
    mkdirSync(path.dirname(path.join(themeDir, file)), {recursive: true});
    writeFileSync(path.join(themeDir, file), `export * from ${module};\n${hasDefault ? `export {default} from ${module};\n` : ''}`);
  }
  return themeDir;
}

export default function performanceThemePlugin(context: LoadContext, {without = []}: PerformanceThemeOptions = {}): Plugin {
  const themePath = without.length > 0 ? themeWithout(context.generatedFilesDir, without) : performanceThemeDir;
  return {
    name: 'performance-theme',
    getThemePath: () => themePath,
    getTypeScriptThemePath: () => performanceThemeDir,
  };
}
