/**
 * Remark plugin: in the docs, a code span that names an object (`OrderLine`), an operation
 * (`readSession`) or an error code (`currency_mismatch`) of the version's OpenAPI file becomes a
 * link to its page, so guides written now and later link them without anyone maintaining the
 * links. Code spans already inside a link or a heading are left alone.
 */
import path from 'node:path';
import {objectLinksOptions, type ObjectLinksOptions} from './options';

type MdastNode = {type: string; value?: string; url?: string; children?: MdastNode[]};

export default function remarkObjectLinks(options: ObjectLinksOptions = objectLinksOptions()) {
  const versions = options.versions.map((version) => ({folder: version.folder, routes: new Map(version.routes)}));
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
