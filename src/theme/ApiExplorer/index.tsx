// Replaced (spec 7): the theme's explorer builds samples in the browser with 1.6 MB of generators and can send requests; this shows the samples written at build time.
import type {ReactNode} from 'react';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import SampleOnDemand from '@site/src/components/SampleOnDemand';
import type {PageSample} from '@site/src/lib/openapi/operation-summary';
import {sampleLanguageParameter, sampleTabsClassName} from '@site/config/site-constants';
import styles from './styles.module.css';

type Props = {
  item: {'x-codeSamples'?: PageSample[]};
  infoPath?: string;
  /** The file with every sample's source, for the samples the page carries without one (scripts/generate-api-docs.ts). */
  samplesFile?: string;
};

export default function RequestSamples({item, samplesFile}: Props): ReactNode {
  const samples = item['x-codeSamples'] ?? [];
  if (samples.length === 0) return null;
  return (
    <section className={styles.requestSamples} aria-labelledby="request-samples">
      <Heading as="h2" id="request-samples" className={styles.heading}>
        Request samples
      </Heading>
      {/* The URL carries the chosen language (no groupId: that would keep it in local storage, spec 7). */}
      <Tabs lazy queryString={sampleLanguageParameter} className={sampleTabsClassName}>
        {samples.map((sample) => (
          <TabItem key={sample.label} value={sample.lang} label={sample.label}>
            {sample.source !== undefined || !samplesFile ? (
              <CodeBlock language={sample.highlight}>{sample.source ?? ''}</CodeBlock>
            ) : (
              <SampleOnDemand file={samplesFile} lang={sample.lang} label={sample.label} highlight={sample.highlight} />
            )}
          </TabItem>
        ))}
      </Tabs>
    </section>
  );
}
