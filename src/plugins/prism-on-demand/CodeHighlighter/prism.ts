/**
 * Prism with the site's languages (spec 1: json, php, csharp, …). Imported eagerly by the server
 * build and on demand by the browser (see ./client.ts), so it stays out of every page's first load.
 */
import {Highlight, Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';

prismIncludeLanguages(Prism);

export {Highlight};
