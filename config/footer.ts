import type {Footer} from '@docusaurus/theme-common';
import {site} from './site-constants';

const v3 = '/docs/3.0.0';

/** Footer (spec 2): only links inside the site, so the page makes no request elsewhere (spec 7). */
export const footer = {
  style: 'dark',
  links: [
    {
      title: 'Get started',
      items: [
        {label: 'Take a payment', to: `${v3}/guides/guides/quick_guides/payment_steps/create_payment_session`},
        {label: 'Onboard a merchant', to: `${v3}/guides/guides/quick_guides/signup_steps/signup_quick_guide_intro`},
        {label: 'Authenticate', to: `${v3}/guides/guides/additional_guides/authenticate`},
      ],
    },
    {
      title: 'Reference',
      items: [
        {label: 'API reference (V3)', to: `${v3}/api/tessera-api`},
        {label: 'Client SDK', to: `${v3}/sdk/sdk/intro`},
        {label: 'API reference (V1, deprecated)', to: '/docs/1.0.0/api/tessera-api'},
      ],
    },
    {
      title: 'More',
      items: [
        {label: 'All versions', to: '/docs'},
        {label: 'Glossary', to: '/markdown-page'},
      ],
    },
  ],
  copyright: `${site.title} ${site.siteVersion}. ${site.productName} Checkout is a fictional payment provider.`,
} satisfies Footer;
