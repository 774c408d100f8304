/**
 * Docusaurus serializes the site config, plugin options included, into main.js: every page
 * downloads whatever docusaurus.config.ts passes to a plugin. Options only the build reads (file
 * paths, index selectors) go through this instead: the config file names a small local module,
 * and that module hands the plugin its options from config/ through `validateOptions`, which
 * Docusaurus calls with the module's options before it starts the plugin. Used by
 * src/plugins/search-local and src/plugins/openapi-docs; tests/unit/config.test.ts checks that the
 * options stay out of the shipped config and that each package still exports what this uses.
 */
import type {LoadContext, OptionValidationContext, Plugin} from '@docusaurus/types';

/** A plugin package as Docusaurus loads it: a default export and, usually, validateOptions. */
export type PluginPackage = {
  default: (context: LoadContext, options: never) => Plugin | Promise<Plugin>;
  validateOptions?: (context: {validate: OptionValidationContext<unknown, unknown>['validate']; options: unknown}) => unknown;
};

export function withBuildSideOptions(pluginPackage: PluginPackage, options: object) {
  return {
    plugin: (context: LoadContext, validated: unknown) => pluginPackage.default(context, validated as never),
    validateOptions: ({validate}: OptionValidationContext<unknown, unknown>): unknown =>
      pluginPackage.validateOptions ? pluginPackage.validateOptions({validate, options}) : options,
  };
}
