import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import EntryCards, {type EntryCard} from '@site/src/components/EntryCards';
import styles from './index.module.css';

const v3 = '/docs/3.0.0';

const startingPoints: EntryCard[] = [
  {
    title: 'Take a payment',
    to: `${v3}/guides/guides/quick_guides/payment_steps/create_payment_session`,
    description:
      'Create a payment session, show the checkout in your page, and capture and refund the order: six steps from your first call to money in your account.',
    action: 'Start the payment guide',
  },
  {
    title: 'Onboard a merchant',
    to: `${v3}/guides/guides/quick_guides/signup_steps/signup_quick_guide_intro`,
    description:
      'Sign up a new merchant with a signup session: prefill what you know, let the merchant complete the rest, and receive the result.',
    action: 'Start the signup guide',
  },
  {
    title: 'API reference',
    to: `${v3}/api/tessera-api`,
    // The bundler writes in the languages (src/plugins/site-facts), so the page ships the words only.
    description: `Every V3 endpoint with its parameters, request and response bodies, errors and request samples in ${process.env.TESSERA_SAMPLE_LANGUAGES}.`,
    action: 'Browse the API',
  },
  {
    title: 'Client SDK',
    to: `${v3}/sdk/sdk/intro`,
    description: 'Embed the checkout in your page, lock it while you update the cart, and react to the events it sends.',
    action: 'Read about the SDK',
  },
];

export default function Home(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return (
    <Layout title="Developer documentation" description={siteConfig.tagline}>
      {/* One main landmark holds the whole page: a <header> here would be a second banner next to the announcement bar. */}
      <main>
        <div className={styles.hero}>
          <div className="container">
            <Heading as="h1" className={styles.heroTitle}>
              Tessera Checkout developer documentation
            </Heading>
            <p className={styles.heroTagline}>{siteConfig.tagline}</p>
            <div className={styles.heroActions}>
              <Link className="button button--primary button--lg" to={startingPoints[0]!.to}>
                Take your first payment
              </Link>
              <Link className="button button--secondary button--outline button--lg" to="/docs">
                Choose a docs version
              </Link>
            </div>
          </div>
        </div>
        <div className="container margin-vert--xl">
          <Heading as="h2" className={styles.sectionTitle}>
            Where to start
          </Heading>
          <EntryCards cards={startingPoints} headingLevel="h3" />
        </div>
      </main>
    </Layout>
  );
}
