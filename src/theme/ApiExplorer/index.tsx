// Replaced (spec 7): the theme's explorer builds samples in the browser with 1.6 MB of generators and can send requests; this shows the samples written at build time.
import {useEffect, useState, type ReactNode} from 'react';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import useBaseUrl from '@docusaurus/useBaseUrl';
import type {CodeSample, PageSample} from '@site/src/lib/openapi/operation-summary';
import {sampleLanguageParameter} from '@site/config/site-constants';
import styles from './styles.module.css';

type Props = {
  item: {'x-codeSamples'?: PageSample[]};
  infoPath?: string;
  /** The file with every sample's source, for the samples the page carries without one (scripts/generate-api-docs.ts). */
  samplesFile?: string;
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

/** A sample whose source the page does not carry: loaded when its tab is first shown. */
function SampleOnDemand({sample, url}: {sample: PageSample; url: string}): ReactNode {
  const [source, setSource] = useState<string | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    loadSamples(url).then(
      (samples) => current && setSource(samples.find((candidate) => candidate.lang === sample.lang)?.source ?? ''),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [url, sample.lang]);
  if (source !== undefined) return <CodeBlock language={sample.highlight}>{source}</CodeBlock>;
  return (
    <p className={styles.loading} role="status">
      {failed ? `The ${sample.label} sample could not be loaded: reload the page to try again.` : `Loading the ${sample.label} sample…`}
    </p>
  );
}

export default function RequestSamples({item, samplesFile}: Props): ReactNode {
  const samples = item['x-codeSamples'] ?? [];
  const samplesUrl = useBaseUrl(samplesFile ?? '');
  if (samples.length === 0) return null;
  return (
    <section className={styles.requestSamples} aria-labelledby="request-samples">
      <Heading as="h2" id="request-samples" className={styles.heading}>
        Request samples
      </Heading>
      {/* The URL carries the chosen language (no groupId: that would keep it in local storage, spec 7). */}
      <Tabs lazy queryString={sampleLanguageParameter}>
        {samples.map((sample) => (
          <TabItem key={sample.label} value={sample.lang} label={sample.label}>
            {sample.source !== undefined || !samplesFile ? (
              <CodeBlock language={sample.highlight}>{sample.source ?? ''}</CodeBlock>
            ) : (
              <SampleOnDemand sample={sample} url={samplesUrl} />
            )}
          </TabItem>
        ))}
      </Tabs>
    </section>
  );
}
