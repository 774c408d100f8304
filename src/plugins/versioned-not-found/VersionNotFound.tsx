// The theme's not-found page, kept out of the sitemap: it is answered with status 404 only.
import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import NotFound from '@theme/NotFound';

export default function VersionNotFound(): ReactNode {
  return (
    <>
      <Head>
        <meta name="robots" content="noindex" />
      </Head>
      <NotFound />
    </>
  );
}
