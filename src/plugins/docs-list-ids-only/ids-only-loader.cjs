// A loader for the docs plugin's route props modules (see ./index.ts). A version's module,
// `{"version": {…, "docsSidebars": {…}, "docs": {"<id>": {"id", "title", "description", "sidebar"}}}}`,
// keeps only each doc's id; any other props module passes through unchanged.

function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function withDocIdsOnly(source) {
  const props = JSON.parse(source);
  const version = isObject(props) ? props.version : undefined;
  if (!isObject(version) || !('docsSidebars' in version)) return source;
  // A version module whose docs map changed shape must not pass through unnoticed.
  const docs = version.docs;
  const wellFormed =
    isObject(docs) && Object.entries(docs).every(([id, doc]) => isObject(doc) && doc.id === id && typeof doc.title === 'string');
  if (!wellFormed)
    throw new Error('docs-list-ids-only: a version props module has no docs map of {id, title, …}; check toVersionMetadataProp');
  version.docs = Object.fromEntries(Object.keys(docs).map((id) => [id, {id}]));
  return JSON.stringify(props);
}

module.exports = function idsOnlyLoader(source) {
  return withDocIdsOnly(source);
};
module.exports.withDocIdsOnly = withDocIdsOnly;
