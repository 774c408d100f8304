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
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

// Docusaurus loads site plugins as CommonJS, so `__dirname` is the module's own.
export const performanceThemeDir = path.join(__dirname, 'theme');

export default function performanceThemePlugin(): Plugin {
  return {
    name: 'performance-theme',
    getThemePath: () => performanceThemeDir,
    getTypeScriptThemePath: () => performanceThemeDir,
  };
}
