/**
 * A code sample whose source the page does not carry: an operation page's request sample in a
 * language other than the first, or a guide's tab after the first (src/plugins/sample-tabs). It is
 * loaded from the samples file the build wrote (src/lib/openapi/request-samples-file.ts) when its
 * tab is first shown, so a page's HTML and JavaScript hold only the tab it opens on.
 */
import {useEffect, useState, type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import useBaseUrl from '@docusaurus/useBaseUrl';
import type {CodeSample} from '@site/src/lib/openapi/operation-summary';
import styles from './styles.module.css';

type Props = {
  /** The samples file's URL path. */
  file: string;
  /** The sample's language id, which finds it in the file. */
  lang: string;
  label: string;
  /** The Prism language that highlights it. */
  highlight: string;
  /** The file name shown above a program. */
  title?: string;
};

/** One download per file, shared by every tab that needs it. */
const loadedFiles = new Map<string, Promise<CodeSample[]>>();

function loadSamples(url: string): Promise<CodeSample[]> {
  let loading = loadedFiles.get(url);
  if (!loading) {
    loading = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
      return response.json() as Promise<CodeSample[]>;
    });
    // A failed download can be tried again by choosing the tab again.
    loading.catch(() => loadedFiles.delete(url));
    loadedFiles.set(url, loading);
  }
  return loading;
}

export default function SampleOnDemand({file, lang, label, highlight, title}: Props): ReactNode {
  const url = useBaseUrl(file);
  const [source, setSource] = useState<string | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    loadSamples(url).then(
      (samples) => current && setSource(samples.find((candidate) => candidate.lang === lang)?.source ?? ''),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [url, lang]);
  if (source !== undefined)
    return (
      <CodeBlock language={highlight} title={title}>
        {source}
      </CodeBlock>
    );
  return (
    <p className={styles.loading} role="status">
      {failed ? `The ${label} sample could not be loaded: reload the page to try again.` : `Loading the ${label} sample…`}
    </p>
  );
}
