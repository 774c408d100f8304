// Wrapped (spec 8): keeps "This page crashed", "Try again" and the "Cause:" chain, and adds ways back.
import type {ReactNode} from 'react';
import ErrorPageContent from '@theme-original/ErrorPageContent';
import type ErrorPageContentType from '@theme/ErrorPageContent';
import type {WrapperProps} from '@docusaurus/types';
import WaysBack from '@site/src/components/WaysBack';

type Props = WrapperProps<typeof ErrorPageContentType>;

export default function ErrorPageContentWrapper(props: Props): ReactNode {
  // The router itself may be what failed, so the path comes from the browser.
  const pathname = typeof window === 'undefined' ? '/' : window.location.pathname;
  return (
    <>
      <ErrorPageContent {...props} />
      <WaysBack pathname={pathname} />
    </>
  );
}
