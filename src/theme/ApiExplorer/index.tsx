// Replaced (spec 7): the theme's explorer builds samples in the browser with 1.6 MB of generators and can send requests; this shows the samples written at build time, and the "Try it" console that answers in the reader's browser.
import {useState, type ReactNode} from 'react';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import SampleOnDemand from '@site/src/components/SampleOnDemand';
import TryIt from '@site/src/components/TryIt';
import type {CodeSample, PageSample} from '@site/src/lib/openapi/operation-summary';
import {sampleLanguageParameter, sampleTabsClassName} from '@site/config/site-constants';
import styles from './styles.module.css';

type Props = {
  /** The operation: the theme's ApiItem passes all of it, ours its method, path and samples. */
  item: {'x-codeSamples'?: PageSample[]; method?: string; path?: string};
  infoPath?: string;
  /** The file with every sample's source, for the samples the page carries without one (scripts/generate-api-docs.ts). */
  samplesFile?: string;
};

export default function RequestSamples({item, samplesFile}: Props): ReactNode {
  const samples = item['x-codeSamples'] ?? [];
  // The samples as the console's edit renders them, while a console is open.
  const [edited, setEdited] = useState<CodeSample[]>();
  if (samples.length === 0) return null;
  return (
    <>
      {item.method && item.path ? <TryIt method={item.method} path={item.path} onSamples={setEdited} /> : null}
      <section className={styles.requestSamples} aria-labelledby="request-samples">
        <Heading as="h2" id="request-samples" className={styles.heading}>
          Request samples
        </Heading>
        {edited ? <p className={styles.editedNote}>The samples send the request as edited in the console.</p> : null}
        {/* The URL carries the chosen language (no groupId: that would keep it in local storage, spec 7). */}
        <Tabs lazy queryString={sampleLanguageParameter} className={sampleTabsClassName}>
          {samples.map((sample) => {
            const source = edited?.find((candidate) => candidate.lang === sample.lang)?.source ?? sample.source;
            return (
              <TabItem key={sample.label} value={sample.lang} label={sample.label}>
                {source !== undefined || !samplesFile ? (
                  // A block hydrated from the server's HTML keeps that markup while mounted: the edit mounts a new one.
                  <CodeBlock key={edited ? 'edited' : 'page'} language={sample.highlight}>
                    {source ?? ''}
                  </CodeBlock>
                ) : (
                  <SampleOnDemand file={samplesFile} lang={sample.lang} label={sample.label} highlight={sample.highlight} />
                )}
              </TabItem>
            );
          })}
        </Tabs>
      </section>
    </>
  );
}
