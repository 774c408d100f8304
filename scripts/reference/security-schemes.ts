/**
 * The security schemes of an API's overview page. The OpenAPI plugin writes them under its own
 * "Authentication" heading as a set of tabs, one scheme per tab, below the API's description.
 *
 * - When the description has an "Authentication" section of its own, the page had two headings of
 *   that name with one anchor; the plugin's becomes "Security schemes".
 * - Each scheme becomes a section under its tab's label, so the page and its Markdown twin show
 *   every scheme: a tab set renders its selected tab only (src/theme/SchemaTabs), so the second
 *   scheme was in neither the HTML nor the twin.
 */

const generatedHeading =
  /<Heading\s+id=\{"authentication"\}\s+as=\{"h2"\}\s+className=\{"openapi-tabs__heading"\}\s+children=\{"Authentication"\}\s*>/;
const schemeTabs = /<SchemaTabs\s+className=\{"openapi-tabs__security-schemes"\}\s*>([\s\S]*?)<\/SchemaTabs>/;
const schemeTab = /<TabItem\s+label=\{("(?:[^"\\]|\\.)*")\}\s+value=\{("(?:[^"\\]|\\.)*")\}\s*>([\s\S]*?)<\/TabItem>/g;

export const securitySchemesHeading = 'Security schemes';

/** The id a scheme's section gets: the scheme's key, after the section's own. */
const schemeId = (key: string) => `security-scheme-${key.replace(/[^A-Za-z0-9_-]+/g, '-')}`;

/** The overview page's MDX body with its security schemes as sections (see the module comment); unchanged if it has none. */
export function withSecuritySchemeSections(body: string): string {
  const tabs = schemeTabs.exec(body);
  if (!tabs) return body;
  const sections = [...tabs[1]!.matchAll(schemeTab)].map(([, label, value, content]) => {
    const key = JSON.parse(value!) as string;
    return `<div className={"openapi-security-scheme"}>\n<Heading as={"h3"} id={${JSON.stringify(schemeId(key))}} children={${label}}>\n</Heading>\n${content}\n</div>`;
  });
  if (sections.length === 0) throw new Error('the security schemes of the overview page have no tabs to turn into sections');
  let result = body.replace(tabs[0], () => sections.join(''));
  const ownSection = /^## Authentication\s*$/m.test(body.slice(0, tabs.index));
  if (ownSection) {
    if (!generatedHeading.test(result)) throw new Error('the overview page has no generated "Authentication" heading to rename');
    result = result.replace(
      generatedHeading,
      `<Heading id={"security-schemes"} as={"h2"} className={"openapi-tabs__heading"} children={${JSON.stringify(securitySchemesHeading)}}>`,
    );
  }
  return result;
}
