// Replaced: named examples render as before; the "Example (auto)" tab loads the theme's schema sampler (lodash, chalk, allOf merging) only when a reader opens it.
import {useMemo, type ReactElement, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import CodeSamples from '@theme/CodeSamples';
import Markdown from '@theme/Markdown';
import TabItem from '@theme/TabItem';
import {loadOnDemand} from '@site/src/lib/load-on-demand';

type Example = {value?: unknown; summary?: string};

function languageOf(mimeType: string): string {
  if (mimeType.endsWith('json')) return 'json';
  if (mimeType.endsWith('xml')) return 'xml';
  return 'shell';
}

const asText = (value: unknown): string => (typeof value === 'object' ? JSON.stringify(value, null, 2) : String(value));

/** One tab per named example (OpenAPI `examples`). Called as a function by the theme, so it returns elements. */
export function ResponseExamples({
  responseExamples,
  mimeType,
}: {
  responseExamples: Record<string, Example>;
  mimeType: string;
}): ReactElement[] {
  return Object.entries(responseExamples).map(([name, example]) => (
    <TabItem label={name} value={name} key={name}>
      {example.summary && <Markdown>{example.summary}</Markdown>}
      <CodeSamples example={asText(example.value)} language={languageOf(mimeType)} />
    </TabItem>
  ));
}

/** The tab of a single `example`. */
export function ResponseExample({responseExample, mimeType}: {responseExample: Example | string; mimeType: string}): ReactElement {
  const summary = typeof responseExample === 'object' ? responseExample.summary : undefined;
  return (
    <TabItem label={translate({id: 'theme.openapi.responseExamples.example', message: 'Example'})} value="Example">
      {summary && <Markdown>{summary}</Markdown>}
      <CodeSamples example={asText(responseExample)} language={languageOf(mimeType)} />
    </TabItem>
  );
}

type Sampled = {children: ReactNode} | null;

/** The theme's own module, with its schema sampler: fetched when an auto-example tab is first shown. */
const useThemeResponseExamples = loadOnDemand(() => import('@theme-init/ResponseExamples'));

/** The example the theme generates from the schema, computed by its own code once loaded. */
function AutoExample({schema, mimeType}: {schema: unknown; mimeType: string}): ReactNode {
  const theme = useThemeResponseExamples(true);
  const sampled = useMemo((): Sampled | undefined => {
    if (!theme) return undefined;
    const tab = theme.ExampleFromSchema({schema, mimeType}) as ReactElement<{children: ReactNode}> | null;
    return tab ? {children: tab.props.children} : null;
  }, [theme, schema, mimeType]);
  if (sampled === undefined)
    return (
      <p className="openapi-example__loading">
        {translate({id: 'theme.openapi.responseExamples.generating', message: 'Generating an example from the schema…'})}
      </p>
    );
  if (sampled === null) return <p>{translate({id: 'theme.openapi.responseExamples.none', message: 'This schema gives no example.'})}</p>;
  return sampled.children;
}

/** The "Example (auto)" tab; its content is computed only when the tab is shown (the schema tabs are lazy). */
export function ExampleFromSchema({schema, mimeType}: {schema: unknown; mimeType: string}): ReactElement {
  const label = translate({id: 'theme.openapi.responseExamples.autoExample', message: 'Example (auto)'});
  return (
    <TabItem label={label} value="Example (auto)">
      <AutoExample schema={schema} mimeType={mimeType} />
    </TabItem>
  );
}
