// Replaced (spec 7): the theme's explorer builds samples in the browser with 1.6 MB of generators and can send requests; this shows the samples written at build time.
import type {ReactNode} from 'react';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import type {CodeSample} from '@site/src/lib/openapi/operation-summary';
import styles from './styles.module.css';

type Props = {item: {'x-codeSamples'?: CodeSample[]}; infoPath?: string};

export default function RequestSamples({item}: Props): ReactNode {
  const samples = item['x-codeSamples'] ?? [];
  if (samples.length === 0) return null;
  return (
    <section className={styles.requestSamples} aria-labelledby="request-samples">
      <Heading as="h2" id="request-samples" className={styles.heading}>
        Request samples
      </Heading>
      {/* No groupId: a groupId would keep the chosen language in local storage (spec 7). */}
      <Tabs lazy>
        {samples.map((sample) => (
          <TabItem key={sample.label} value={sample.lang} label={sample.label}>
            <CodeBlock language={sample.lang === 'curl' ? 'bash' : sample.lang}>{sample.source}</CodeBlock>
          </TabItem>
        ))}
      </Tabs>
    </section>
  );
}
