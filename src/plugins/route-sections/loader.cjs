// The bundler's entry to ./loaders.ts (src/plugins/route-sections): loaders are required as CommonJS, so tsx compiles the TypeScript.
const path = require('node:path');
const {require: tsxRequire} = require('tsx/cjs/api');

const loaders = tsxRequire('./loaders.ts', __filename);

// The bundler's cache knows this file; what it requires through tsx is listed so that an edit rebuilds.
const ownFiles = ['loaders.ts', 'plan.ts', 'emit.ts', 'section-paths.ts', 'chunk-asset.ts'].map((file) => path.join(__dirname, file));

module.exports = function routeSectionsLoader(source) {
  const options = this.getOptions();
  for (const own of ownFiles) this.addDependency(own);
  const file = path.basename(this.resourcePath);
  const relative = this.resourcePath.split(path.sep).join('/');
  if (loaders.docsPropsModule.test(relative)) {
    // <generated>/docusaurus-plugin-content-docs/<plugin id>/p/<name>.json
    const generatedDir = path.resolve(path.dirname(this.resourcePath), '../../..');
    for (const generated of loaders.generatedFiles) this.addDependency(path.join(generatedDir, generated));
    const propsKey = path.relative(generatedDir, this.resourcePath).split(path.sep).join('/');
    return loaders.carriedVersionProps(source, this.resourceQuery, propsKey, generatedDir, options);
  }
  if (file === 'preload.js') return loaders.sectionAwarePreload(source, options.clientModule);
  if (file === 'docusaurus.js') return loaders.sectionAwareClientApi(source, options.clientModule);
  const generatedDir = path.dirname(this.resourcePath);
  if (file === 'globalData.json') {
    for (const generated of loaders.generatedFiles) this.addDependency(path.join(generatedDir, generated));
    return loaders.carriedGlobalData(source, this.resourceQuery, generatedDir, options);
  }
  // Each generated module is planned from all three files; the one being loaded is taken as it
  // arrives (another loader may have changed it before), the other two as Docusaurus wrote them.
  for (const generated of loaders.generatedFiles) this.addDependency(path.join(generatedDir, generated));
  const sources = {...loaders.readGeneratedSources(generatedDir), [loaders.sourceField[file]]: source};
  return loaders.generatedModule(file, this.resourceQuery, sources, generatedDir, options);
};
