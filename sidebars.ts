import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import type {SidebarItemConfig} from '@docusaurus/plugin-content-docs/lib/sidebars/types.js';
// Generated from openapi/tessera-v3.yaml by scripts/generate-api-docs.ts (not committed).
import generatedApiSidebar from './docs/api/sidebar';

const paymentSteps = 'guides/guides/quick_guides/payment_steps';
const signupSteps = 'guides/guides/quick_guides/signup_steps';
const additionalGuides = 'guides/guides/additional_guides';
const sdk = 'sdk/sdk';
const apiInfoDocId = 'api/tessera-api';

/** The generated sidebar lists the info page first; here it is the category's own page. */
const apiOperationsByTag = (generatedApiSidebar as SidebarItemConfig[]).filter(
  (item) => !(typeof item === 'object' && 'id' in item && item.id === apiInfoDocId),
);

/**
 * The 3.0.0 sidebar (spec 2). The first doc is the create-payment-session quick guide, which
 * makes it the version's main doc. Category index pages are generated at the spec's slugs.
 */
const sidebars = {
  docs: [
    {
      type: 'category',
      label: 'Tessera documentation',
      link: {
        type: 'generated-index',
        slug: '/category/tessera-documentation',
        title: 'Tessera documentation',
        description:
          'Everything you need to take payments and onboard merchants with Tessera Checkout: step-by-step quick guides, focused guides on the parts people get wrong, the client SDK and the full V3 API reference.',
      },
      items: [
        {
          type: 'category',
          label: 'Quick guides',
          link: {
            type: 'generated-index',
            slug: '/category/quick-guides',
            title: 'Quick guides',
            description:
              'Two end-to-end paths. The payment guide takes you from your first API call to money captured and refunded; the signup guide onboards a new merchant through a signup session.',
          },
          items: [
            {
              type: 'category',
              label: 'Take a payment',
              items: [
                `${paymentSteps}/create_payment_session`,
                `${paymentSteps}/load_the_client`,
                `${paymentSteps}/manage_the_session`,
                `${paymentSteps}/completed_session`,
                `${paymentSteps}/capturing_orders`,
                `${paymentSteps}/refunding_orders`,
              ],
            },
            {
              type: 'category',
              label: 'Onboard a merchant',
              items: [
                `${signupSteps}/signup_quick_guide_intro`,
                `${signupSteps}/create_signup_session`,
                `${signupSteps}/loading_the_client`,
                `${signupSteps}/completed_session`,
              ],
            },
          ],
        },
        {
          type: 'category',
          label: 'Additional guides',
          items: [
            `${additionalGuides}/authenticate`,
            `${additionalGuides}/decisions`,
            `${additionalGuides}/orderLines`,
            `${additionalGuides}/payment_methods`,
            `${additionalGuides}/prefills`,
            `${additionalGuides}/sandbox_test_data`,
            `${additionalGuides}/migrate_from_v1`,
          ],
        },
        {
          type: 'category',
          label: 'Client SDK',
          items: [`${sdk}/intro`, `${sdk}/initializing_sdk`, `${sdk}/locking_sdk`, `${sdk}/update_events`],
        },
        {
          type: 'category',
          label: 'API reference',
          link: {type: 'doc', id: apiInfoDocId},
          items: apiOperationsByTag,
        },
        // The glossary is a page, not a doc; this puts it in the docs navigation.
        {type: 'link', label: 'Glossary', href: '/markdown-page'},
      ],
    },
  ],
} satisfies SidebarsConfig;

export default sidebars;
