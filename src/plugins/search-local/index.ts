/** @easyops-cn/docusaurus-search-local with config/search.ts, kept out of main.js (see ../build-side-options). */
import * as searchLocalPackage from '@easyops-cn/docusaurus-search-local';
import {searchOptions} from '../../../config/search';
import {withBuildSideOptions, type PluginPackage} from '../build-side-options';

/** The package's CommonJS exports; its typings declare only the options type. */
export const searchLocal = searchLocalPackage as unknown as Required<PluginPackage>;

const searchLocalWithOptions = withBuildSideOptions(searchLocal, searchOptions);
export default searchLocalWithOptions.plugin;
export const validateOptions = searchLocalWithOptions.validateOptions;
