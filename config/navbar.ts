import type {Navbar} from '@docusaurus/theme-common';
import {site} from './site-constants';

/**
 * Top navbar (spec 2). `type: 'doc'` items follow the version the reader is in or chose
 * last (remembered by the versions dropdown), so "API reference" opens the 1.0.0 reference
 * after a reader picked 1.0.0.
 */
export const navbar = {
  title: site.title,
  logo: {alt: `${site.productName} logo`, src: 'img/logo.svg', width: 32, height: 32},
  hideOnScroll: true,
  items: [
    {
      type: 'doc',
      docId: 'guides/guides/quick_guides/payment_steps/create_payment_session',
      label: 'Guides',
      position: 'left',
    },
    {type: 'doc', docId: 'api/tessera-api', label: 'API reference', position: 'left'},
    {type: 'doc', docId: 'sdk/sdk/intro', label: 'SDK', position: 'left'},
    {type: 'docsVersionDropdown', position: 'right', dropdownActiveClassDisabled: true},
    {type: 'search', position: 'right'},
  ],
} satisfies Navbar;
