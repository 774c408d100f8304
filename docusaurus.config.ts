import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {
  announcementBar,
  buildRules,
  colorMode,
  docsSidebar,
  locale,
  migrationGuidePath,
  site,
  tableOfContents,
} from './config/site-constants';
import {docsOptions} from './config/docs';
import {navbar} from './config/navbar';
import {footer} from './config/footer';
import {prism} from './config/prism';
import {openApiThemeConfig} from './config/openapi';
import {mermaidRenderConfig} from './config/diagrams';
import {performanceLayer} from './config/performance-layer';
import {contentRemarkPlugins, docsRemarkPlugins} from './src/plugins/content-remark-plugins';

// Everything that exists only to make pages lighter; TESSERA_STOCK=1 leaves it out (config/performance-layer.ts).
const layer = performanceLayer();

const config: Config = {
  title: site.title,
  tagline: site.tagline,
  favicon: 'img/favicon.svg',
  url: site.url,
  baseUrl: site.baseUrl,
  trailingSlash: site.trailingSlash,
  titleDelimiter: site.titleDelimiter,
  customFields: {siteVersion: site.siteVersion},

  onBrokenLinks: buildRules.onBrokenLinks,
  onBrokenAnchors: buildRules.onBrokenAnchors,
  onDuplicateRoutes: buildRules.onDuplicateRoutes,

  i18n: {
    defaultLocale: locale.defaultLocale,
    locales: [...locale.locales],
    localeConfigs: {en: {direction: locale.direction, htmlLang: 'en'}},
  },

  // Docusaurus Faster (Rspack + SWC) builds in a fraction of webpack's time on 2 cores.
  future: {v4: true, faster: true},

  // Pages paint before the app's scripts run (config/ssr-template.ts).
  ...(layer.ssrTemplate ? {ssrTemplate: layer.ssrTemplate} : {}),

  markdown: {
    format: 'mdx',
    mermaid: true,
    mdx1Compat: {comments: true, admonitions: true, headingIds: true},
    hooks: {onBrokenMarkdownLinks: buildRules.onBrokenMarkdownLinks},
  },

  presets: [
    [
      'classic',
      {
        docs: {...docsOptions, ...docsRemarkPlugins},
        blog: false,
        pages: {beforeDefaultRemarkPlugins: contentRemarkPlugins},
        theme: {customCss: './src/css/custom.css'},
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    // docusaurus-plugin-openapi-docs with config/openapi.ts, kept out of the config every page ships.
    './src/plugins/openapi-docs/index.ts',
    'docusaurus-plugin-sass',
    // A not-found page per docs version, which the server answers under that version.
    './src/plugins/versioned-not-found/index.ts',
    // The first paint waits for the top of a docs page, so that nothing painted early moves.
    './src/plugins/hold-first-paint/index.ts',
    // Computed facts the React pages state (the sample languages), defined for the bundler.
    './src/plugins/site-facts/index.ts',
    // The "Try it" console's worker URL, named by its content's hash, for the console's chunk.
    './src/plugins/try-it-files/index.ts',
    ...layer.plugins,
    // Its llms.txt texts come from config/llms.ts on the build side; options written here would ship to every page.
    './src/plugins/markdown-twins/index.ts',
  ],

  themes: [
    '@docusaurus/theme-mermaid',
    'docusaurus-theme-openapi-docs',
    // @easyops-cn/docusaurus-search-local with config/search.ts, kept out of the config every page ships.
    './src/plugins/search-local/index.ts',
    ...layer.themes,
  ],

  themeConfig: {
    colorMode,
    announcementBar: {
      ...announcementBar,
      content: `Tessera API V1 is deprecated and stops answering on 30 June 2027. <a href="${migrationGuidePath}">Move to V3</a>.`,
    },
    docs: {sidebar: docsSidebar},
    tableOfContents,
    navbar,
    footer,
    prism,
    // Draws in the browser only in `npm start`, with the settings of the build-time rendering.
    mermaid: {theme: {light: 'neutral', dark: mermaidRenderConfig.theme}, options: mermaidRenderConfig},
    ...openApiThemeConfig,
  } satisfies Preset.ThemeConfig,
};

export default config;
