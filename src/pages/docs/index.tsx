import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import EntryCards, {type EntryCard} from '@site/src/components/EntryCards';
import {docsVersions, migrationGuidePath} from '@site/config/site-constants';

const versions: EntryCard[] = [
  {
    title: `Version ${docsVersions.current.label}`,
    to: `/docs/${docsVersions.current.path}/category/tessera-documentation`,
    description:
      'For every new integration. Quick guides for payments and merchant signup, guides on authentication, decisions, order lines, payment methods and prefills, the client SDK, and the V3 API reference.',
    action: 'Open the 3.0.0 documentation',
  },
  {
    title: `Version ${docsVersions.legacy.label} (deprecated)`,
    to: `/docs/${docsVersions.legacy.path}/api/tessera-api`,
    description:
      'For merchants still running on the V1 API until its sunset on 30 June 2027: the V1 API reference, including the signup webhook. Plan your move to V3.',
    action: 'Open the 1.0.0 API reference',
  },
  {
    title: 'Moving from V1 to V3',
    to: migrationGuidePath,
    description:
      'Every V1 operation with its V3 successor, the renamed fields, the changed limits, statuses and error codes, the order in which to migrate, and how to run V1 and V3 side by side.',
    action: 'Open the migration guide',
  },
];

/** Docs root (spec 2): offers the two documentation versions and says what each is for. */
export default function DocsVersions(): ReactNode {
  return (
    <Layout title="Documentation versions" description="Choose the Tessera documentation version that matches your integration.">
      <main className="container margin-vert--xl">
        <Heading as="h1">Documentation versions</Heading>
        <p>
          Tessera publishes one set of documentation per major API version. Pick the one that matches the API version your integration
          calls; the versions menu at the top of every page switches between them and remembers your choice.
        </p>
        <EntryCards cards={versions} />
      </main>
    </Layout>
  );
}
