// A loader for Docusaurus's generated registry.js (see ./index.ts): each entry's module path becomes "".
// Each entry reads `"<chunk>": [() => import(/* webpackChunkName: "<chunk>" */ "<path>"), "<path>", require.resolveWeak("<path>")],`.
const entry = /(\[\(\) => import\(\/\* webpackChunkName: "[^"]+" \*\/ ("[^"]+")\)), \2, (require\.resolveWeak\(\2\)\])/g;

function blankModulePaths(source) {
  let entries = 0;
  const result = source.replace(entry, (_match, load, _modulePath, resolveWeak) => {
    entries += 1;
    return `${load}, "", ${resolveWeak}`;
  });
  // A registry whose format changed must not pass through unnoticed.
  const imports = (source.match(/\(\) => import\(/g) || []).length;
  if (entries !== imports)
    throw new Error(`registry-without-module-paths: ${entries} of ${imports} registry entries matched; check codegenRoutes.js`);
  return result;
}

module.exports = function blankModulePathsLoader(source) {
  return blankModulePaths(source);
};
module.exports.blankModulePaths = blankModulePaths;
