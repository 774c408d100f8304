import {themes} from 'prism-react-renderer';
import type {ThemeConfig} from '@docusaurus/theme-common';
import {highlightedLanguages} from './site-constants';

/**
 * Code highlighting (spec 1). prism-react-renderer bundles json, javascript and typescript;
 * the rest must be loaded explicitly.
 */
const bundledLanguages = new Set(['json', 'javascript', 'typescript']);

export const prism = {
  theme: themes.github,
  darkTheme: themes.dracula,
  additionalLanguages: highlightedLanguages.filter((language) => !bundledLanguages.has(language)),
} satisfies Partial<ThemeConfig['prism']>;
