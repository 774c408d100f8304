/** docusaurus-plugin-openapi-docs with config/openapi.ts, kept out of main.js (see ../build-side-options). */
import * as openApiDocsPackage from 'docusaurus-plugin-openapi-docs';
import {openApiPluginOptions} from '../../../config/openapi';
import {withBuildSideOptions, type PluginPackage} from '../build-side-options';

/** The package's CommonJS exports (its typings describe the theme); validateOptions is a property of the plugin function. */
const pluginFunction = (
  openApiDocsPackage as unknown as {default: Required<PluginPackage>['default'] & Pick<Required<PluginPackage>, 'validateOptions'>}
).default;
export const openApiDocs: Required<PluginPackage> = {default: pluginFunction, validateOptions: pluginFunction.validateOptions};

const openApiDocsWithOptions = withBuildSideOptions(openApiDocs, openApiPluginOptions);
export default openApiDocsWithOptions.plugin;
export const validateOptions = openApiDocsWithOptions.validateOptions;
