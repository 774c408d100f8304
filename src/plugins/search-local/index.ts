/** @easyops-cn/docusaurus-search-local with config/search.ts, kept out of main.js (see ../build-side-options). */
import type {LoadContext} from '@docusaurus/types';
import * as searchLocalPackage from '@easyops-cn/docusaurus-search-local';
import {searchOptions} from '../../../config/search';
import {withBuildSideOptions, type PluginPackage} from '../build-side-options';
import {writeSearchIndexStamp} from './index-stamp';

/** The package's CommonJS exports; its typings declare only the options type. */
export const searchLocal = searchLocalPackage as unknown as Required<PluginPackage>;

const searchLocalWithOptions = withBuildSideOptions(searchLocal, searchOptions);

/** The plugin computes its index file name when it starts: the stamp file must be there first. */
export default function searchLocalPlugin(context: LoadContext, options: unknown) {
  writeSearchIndexStamp(context.siteDir, searchOptions);
  return searchLocalWithOptions.plugin(context, options);
}
export const validateOptions = searchLocalWithOptions.validateOptions;
