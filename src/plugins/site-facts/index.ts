/**
 * Facts that the site's own React pages state and that are computed from the repository, handed
 * to the bundler as constants: a page ships the finished words, not the modules they come from
 * (the sample languages' renderers are build-side code).
 *
 * - `process.env.TESSERA_SAMPLE_LANGUAGES`: the request samples' languages in tab order, as a
 *   prose list ("cURL, Python, … and C#"), from src/lib/sample-languages.
 */
import type {Plugin} from '@docusaurus/types';
import {sampleLanguageNames} from '../../lib/sample-languages/languages';

/** The constants the plugin defines, by the expression pages write. */
export function siteFactConstants(): Record<string, string> {
  return {'process.env.TESSERA_SAMPLE_LANGUAGES': sampleLanguageNames()};
}

export default function siteFactsPlugin(): Plugin {
  return {
    name: 'site-facts',
    configureWebpack(_config, _isServer, utils) {
      const {DefinePlugin} = utils.currentBundler.instance;
      const definitions = Object.fromEntries(Object.entries(siteFactConstants()).map(([name, value]) => [name, JSON.stringify(value)]));
      return {plugins: [new DefinePlugin(definitions)]};
    },
  };
}
