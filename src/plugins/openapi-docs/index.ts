/** docusaurus-plugin-openapi-docs with config/openapi.ts, kept out of main.js (see ../build-side-options). */
import type {LoadContext, Plugin} from '@docusaurus/types';
import * as openApiDocsPackage from 'docusaurus-plugin-openapi-docs';
import {openApiPluginOptions} from '../../../config/openapi';
import {withBuildSideOptions, type PluginPackage} from '../build-side-options';
import {serverSharedChunk} from './server-shared-chunk';
import {shallowJsonExports} from './shallow-json-exports';

/** The package's CommonJS exports (its typings describe the theme); validateOptions is a property of the plugin function. */
const pluginFunction = (
  openApiDocsPackage as unknown as {default: Required<PluginPackage>['default'] & Pick<Required<PluginPackage>, 'validateOptions'>}
).default;
export const openApiDocs: Required<PluginPackage> = {default: pluginFunction, validateOptions: pluginFunction.validateOptions};

const openApiDocsWithOptions = withBuildSideOptions(openApiDocs, openApiPluginOptions);

/**
 * The upstream plugin, which has no `configureWebpack`, with the bundler options a large API needs
 * to build within 4 GB: ./shallow-json-exports and, in the server bundle, ./server-shared-chunk.
 */
export default async function openApiDocsPlugin(context: LoadContext, options: unknown): Promise<Plugin> {
  const plugin = await openApiDocsWithOptions.plugin(context, options);
  if (plugin.configureWebpack)
    throw new Error(
      'docusaurus-plugin-openapi-docs now configures the bundler: merge ./shallow-json-exports and ./server-shared-chunk with it',
    );
  return {...plugin, configureWebpack: (_config, isServer) => ({...shallowJsonExports(), ...serverSharedChunk(isServer)})};
}
export const validateOptions = openApiDocsWithOptions.validateOptions;
