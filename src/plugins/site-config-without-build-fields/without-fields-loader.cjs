// A loader for Docusaurus's generated docusaurus.config.mjs (see ./index.ts). The module reads
// `export default <the site config as JSON>;` after a comment; the fields named in the loader's
// options are left out of that object, whatever else is in it stays.
const exportDefault = 'export default ';

function withoutFields(source, fields) {
  const start = source.indexOf(exportDefault);
  const end = source.lastIndexOf(';');
  let config;
  try {
    config = JSON.parse(source.slice(start + exportDefault.length, end));
  } catch {
    config = undefined;
  }
  // A module whose format changed must not pass through unnoticed.
  if (start < 0 || end < start || typeof config !== 'object' || config === null) {
    throw new Error('site-config-without-build-fields: docusaurus.config.mjs is no longer `export default <JSON>;`; check codegen.js');
  }
  for (const field of fields) delete config[field];
  return `${source.slice(0, start)}${exportDefault}${JSON.stringify(config)};\n`;
}

module.exports = function withoutFieldsLoader(source) {
  return withoutFields(source, this.getOptions().fields);
};
module.exports.withoutFields = withoutFields;
