/**
 * Remark plugin: in the docs, a code span that names an object of the version's OpenAPI file
 * (`OrderLine`, `SessionNotification`) or an error code of its catalogue (`currency_mismatch`)
 * becomes a link to that object's or code's generated page, so guides written now and later link
 * them without anyone maintaining the links. Code spans already inside a link or a heading are
 * left alone.
 */
import path from 'node:path';
import {errorRoute} from '../../../scripts/reference/error-catalogue';
import {objectRoute} from '../../../scripts/reference/object-pages';

export type ObjectLinksOptions = {
  /** Per docs folder (absolute path), the version's docs route, its schema names and error codes. */
  versions: {folder: string; docsRoute: string; schemaNames: string[]; errorCodes: string[]}[];
};

type MdastNode = {type: string; value?: string; url?: string; children?: MdastNode[]};

export default function remarkObjectLinks(options: ObjectLinksOptions) {
  const versions = options.versions.map((version) => ({
    ...version,
    routes: new Map([
      ...version.schemaNames.map((name) => [name, objectRoute(version.docsRoute, name)] as const),
      ...version.errorCodes.map((code) => [code, errorRoute(version.docsRoute, code)] as const),
    ]),
  }));
  return (tree: MdastNode, file: {path?: string}) => {
    const filePath = file.path ? path.resolve(file.path) : '';
    const version = versions.find((candidate) => filePath.startsWith(`${candidate.folder}${path.sep}`));
    if (!version) return;
    const visit = (node: MdastNode) => {
      if (node.type === 'link' || node.type === 'linkReference' || node.type === 'heading' || !node.children) return;
      node.children = node.children.map((child) =>
        child.type === 'inlineCode' && child.value && version.routes.has(child.value)
          ? {type: 'link', url: version.routes.get(child.value), children: [child]}
          : child,
      );
      node.children.forEach(visit);
    };
    visit(tree);
  };
}
