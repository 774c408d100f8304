/**
 * What Docusaurus makes of docusaurus.config.ts in this process's environment: the plugins it
 * initialises, the theme aliases its bundler gets, and the options the performance layer sets.
 * Run as a script, it prints that as JSON; tests/unit/performance-layer.test.ts runs it with and
 * without the stock switch, each in its own process, because the config reads the environment
 * once, when it is loaded.
 */
import {loadContext} from '@docusaurus/core/lib/server/site.js';
import {initPlugins} from '@docusaurus/core/lib/server/plugins/init.js';
import {loadThemeAliases} from '@docusaurus/core/lib/webpack/aliases/index.js';

export type SiteConfigProbe = {
  /** The `name` of every initialised plugin and theme, in Docusaurus's order. */
  plugins: string[];
  /** Alias → file, as the bundler resolves `@theme/…`, `@theme-original/…` and `@theme-init/…`. */
  themeAliases: Record<string, string>;
  hasSsrTemplate: boolean;
  docItemComponent: string | undefined;
  /** The names of the remark plugins every docs page runs first. */
  docsRemarkPlugins: string[];
};

export async function probeSiteConfig(siteDir: string): Promise<SiteConfigProbe> {
  const context = await loadContext({siteDir});
  const plugins = await initPlugins(context);
  const docs = plugins.find((plugin) => plugin.name === 'docusaurus-plugin-content-docs')?.options as
    {docItemComponent?: string; beforeDefaultRemarkPlugins?: {name: string}[]} | undefined;
  return {
    plugins: plugins.map((plugin) => plugin.name),
    // It reads only each plugin's path and getThemePath, which initialised plugins already have.
    themeAliases: await loadThemeAliases({siteDir, plugins: plugins as unknown as Parameters<typeof loadThemeAliases>[0]['plugins']}),
    hasSsrTemplate: Boolean(context.siteConfig.ssrTemplate),
    docItemComponent: docs?.docItemComponent,
    docsRemarkPlugins: (docs?.beforeDefaultRemarkPlugins ?? []).map((plugin) => plugin.name),
  };
}

if (process.argv[1] !== undefined && process.argv[1] === import.meta.filename) {
  void probeSiteConfig(process.cwd()).then((probe) => process.stdout.write(JSON.stringify(probe)));
}
