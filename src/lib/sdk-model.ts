/**
 * What the pages may say about the client SDK, read from sdk/tessera-sdk.d.ts with the TypeScript
 * parser: event names, the codes `Tessera.init` fails with, every string literal the SDK defines,
 * the events only `options.on` handlers receive (tagged `@beforeInit`) and the
 * Content-Security-Policy the merchant's page needs (`TesseraContentSecurityPolicy`).
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {siteDir} from './api-model';

export const sdkFile = 'sdk/tessera-sdk.d.ts';

export type SdkModel = {
  events: string[];
  beforeInitEvents: string[];
  loadFailureCodes: string[];
  /** Every string literal type in the declarations: event names, codes, statuses, reasons. */
  literals: Set<string>;
  /** Directive → sources, in declaration order. */
  contentSecurityPolicy: Array<[string, string]>;
  /** `@seconds` tags: `lockReleaseSeconds` → 60. */
  documentation: Map<string, string>;
};

const literalText = (node: ts.Node): string | undefined =>
  ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal) ? node.literal.text : undefined;

const propertyName = (name: ts.PropertyName): string => (ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : name.getText());

export function loadSdkModel(file = path.join(siteDir, sdkFile)): SdkModel {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const model: SdkModel = {
    events: [],
    beforeInitEvents: [],
    loadFailureCodes: [],
    literals: new Set(),
    contentSecurityPolicy: [],
    documentation: new Map(),
  };
  const visit = (node: ts.Node) => {
    const literal = literalText(node);
    if (literal !== undefined) model.literals.add(literal);
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'TesseraEventMap') {
      for (const member of node.members) {
        if (!ts.isPropertySignature(member)) continue;
        const name = propertyName(member.name);
        model.events.push(name);
        if (ts.getJSDocTags(member).some((tag) => tag.tagName.text === 'beforeInit')) model.beforeInitEvents.push(name);
        model.documentation.set(
          `event:${name}`,
          ts.getTextOfJSDocComment(ts.getJSDocCommentsAndTags(member).filter(ts.isJSDoc)[0]?.comment) ?? '',
        );
      }
    }
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'TesseraContentSecurityPolicy') {
      for (const member of node.members) {
        if (ts.isPropertySignature(member) && member.type) {
          model.contentSecurityPolicy.push([propertyName(member.name), literalText(member.type) ?? member.type.getText()]);
        }
      }
    }
    if (ts.isTypeAliasDeclaration(node) && node.name.text === 'TesseraLoadFailureCode' && ts.isUnionTypeNode(node.type)) {
      model.loadFailureCodes = node.type.types.map(literalText).filter((code): code is string => code !== undefined);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const event of model.events) model.literals.add(event);
  return model;
}
