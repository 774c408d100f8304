import {themes} from 'prism-react-renderer';
import type {ThemeConfig} from '@docusaurus/theme-common';
import {highlightedLanguages} from './site-constants';

/**
 * Code highlighting (spec 1). prism-react-renderer bundles json, javascript and typescript;
 * the rest must be loaded explicitly.
 *
 * The dark code theme is gruvboxMaterialDark, the one bundled dark theme whose every token
 * colour reaches 4.5:1 on its background (dracula's comments reach 3.0:1).
 */
const bundledLanguages = new Set(['json', 'javascript', 'typescript']);

export const prism = {
  theme: themes.github,
  darkTheme: themes.gruvboxMaterialDark,
  additionalLanguages: highlightedLanguages.filter((language) => !bundledLanguages.has(language)),
} satisfies Partial<ThemeConfig['prism']>;
