/**
 * What the pages may say about the client SDK, read from sdk/tessera-sdk.d.ts with the TypeScript
 * parser: event names, the codes `Tessera.init` fails with, every string literal the SDK defines,
 * the events only `options.on` handlers receive (tagged `@beforeInit`) and the
 * Content-Security-Policy the merchant's page needs (`TesseraContentSecurityPolicy`), the members of
 * every interface (so prose can say how many fields a type has), each event's payload and the
 * supported browsers (`TesseraSupportedBrowsers`).
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {siteDir} from './openapi';

export const sdkFile = 'sdk/tessera-sdk.d.ts';

export type SdkModel = {
  events: string[];
  beforeInitEvents: string[];
  loadFailureCodes: string[];
  /** The codes `lock()` and `unlock()` reject with (`TesseraLockFailureCode`), each with what its comment says. */
  lockFailureCodes: Array<[string, string]>;
  /** Every string literal type in the declarations: event names, codes, statuses, reasons. */
  literals: Set<string>;
  /** Directive → sources, in declaration order. */
  contentSecurityPolicy: Array<[string, string]>;
  /** `@seconds` tags: `lockReleaseSeconds` → 60. */
  documentation: Map<string, string>;
  /** Interface → its property and method names, in declaration order. */
  interfaces: Map<string, {properties: string[]; methods: string[]}>;
  /** Event → its payload's fields with their declared types, in declaration order. */
  eventPayloads: Map<string, Array<[string, string]>>;
  /** Browser → supported versions (`TesseraSupportedBrowsers`), in declaration order. */
  supportedBrowsers: Array<[string, string]>;
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
    lockFailureCodes: [],
    literals: new Set(),
    contentSecurityPolicy: [],
    documentation: new Map(),
    interfaces: new Map(),
    eventPayloads: new Map(),
    supportedBrowsers: [],
  };
  const visit = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node)) {
      model.interfaces.set(node.name.text, {
        properties: node.members.filter(ts.isPropertySignature).map((member) => propertyName(member.name)),
        methods: node.members.filter(ts.isMethodSignature).map((member) => propertyName(member.name)),
      });
    }
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'TesseraSupportedBrowsers') {
      for (const member of node.members) {
        if (ts.isPropertySignature(member) && member.type)
          model.supportedBrowsers.push([propertyName(member.name), literalText(member.type) ?? member.type.getText()]);
      }
    }
    const literal = literalText(node);
    if (literal !== undefined) model.literals.add(literal);
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'TesseraEventMap') {
      for (const member of node.members) {
        if (!ts.isPropertySignature(member)) continue;
        const name = propertyName(member.name);
        model.events.push(name);
        if (member.type && ts.isTypeLiteralNode(member.type)) {
          model.eventPayloads.set(
            name,
            member.type.members
              .filter(ts.isPropertySignature)
              .map((field) => [propertyName(field.name), field.type?.getText() ?? 'unknown']),
          );
        }
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
    if (ts.isTypeAliasDeclaration(node) && node.name.text === 'TesseraLockFailureCode' && ts.isUnionTypeNode(node.type)) {
      const text = source.getFullText();
      let previousEnd = node.type.getFullStart();
      model.lockFailureCodes = node.type.types.flatMap((member) => {
        // A member's own comment is written before it (and before its `|`).
        const before = text.slice(previousEnd, member.getStart());
        previousEnd = member.getEnd();
        const code = literalText(member);
        if (code === undefined) return [];
        const comment = /\/\*\*([\s\S]*?)\*\//.exec(before)?.[1] ?? '';
        return [[code, comment.replace(/\s*\*\s*/g, ' ').trim()] as [string, string]];
      });
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

/** "the last two major versions of Chrome, Edge and Firefox, and Safari 15 or later": one sentence from `TesseraSupportedBrowsers`. */
export function supportedBrowsersText(browsers: Array<[string, string]>): string {
  const list = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
  const groups = new Map<string, string[]>();
  for (const [browser, versions] of browsers) groups.set(versions, [...(groups.get(versions) ?? []), browser]);
  const parts = [...groups].map(([versions, names]) =>
    versions.startsWith('the ') ? `${versions} of ${list(names)}` : names.map((name) => `${name} ${versions}`).join(', '),
  );
  return parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')}, and ${parts.at(-1)}`;
}
