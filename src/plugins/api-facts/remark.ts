/**
 * Remark plugin: expands the fact components of src/lib/facts.ts (`<ErrorCode code="…"/>`,
 * `<DisallowedStatuses operation="…"/>`, `<MigrationTable/>` …) into the Markdown they stand for,
 * at compile time, so a recurring fact is read from the OpenAPI files and the SDK types instead of
 * being retyped, and a page ships no JavaScript for it. A fact the data does not define fails the
 * page, naming its file and line, in `npm start` as in the build.
 */
import path from 'node:path';
import {isFactComponent, renderFact} from '../../lib/facts';
import {siteDir} from '../../lib/openapi';

type MdastNode = {
  type: string;
  name?: string | null;
  children?: MdastNode[];
  attributes?: Array<{type: string; name?: string; value?: unknown}>;
  position?: {start: {line: number; column: number}};
};
type Processor = {parse(text: string): MdastNode};

export default function remarkApiFacts(this: Processor) {
  // eslint-disable-next-line @typescript-eslint/no-this-alias -- the processor parses the rendered Markdown with the page's own syntax (GFM tables, MDX).
  const processor = this;
  return (tree: MdastNode, file: {path?: string}): void => {
    const expand = (node: MdastNode): MdastNode[] => {
      const attributes: Record<string, string | true> = {};
      for (const attribute of node.attributes ?? []) {
        if (attribute.type === 'mdxJsxAttribute' && attribute.name)
          attributes[attribute.name] = typeof attribute.value === 'string' ? attribute.value : true;
      }
      let rendered;
      try {
        rendered = renderFact(node.name!, attributes);
      } catch (error) {
        const where = `${path.relative(siteDir, file.path ?? '(unknown file)')}:${node.position?.start.line ?? '?'}`;
        throw new Error(`${where}: ${(error as Error).message}`, {cause: error});
      }
      const parsed = processor.parse(rendered.markdown).children ?? [];
      if (node.type === 'mdxJsxFlowElement') return parsed;
      // Inline: the phrasing content of the one paragraph the Markdown parses to.
      return parsed.flatMap((child) => (child.type === 'paragraph' ? (child.children ?? []) : [child]));
    };
    const visit = (parent: MdastNode): void => {
      const children = parent.children;
      if (!children) return;
      for (let index = 0; index < children.length; index++) {
        const child = children[index]!;
        if ((child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') && isFactComponent(child.name)) {
          const replacement = expand(child);
          children.splice(index, 1, ...replacement);
          index += replacement.length - 1;
        } else {
          visit(child);
        }
      }
    };
    visit(tree);
  };
}
