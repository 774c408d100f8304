// Replaced: phones keep the server-rendered desktop sidebar (the theme's CSS hides it there) and add the mobile one, instead of swapping one for the other after hydration.
import type {ReactNode} from 'react';
import {useWindowSize} from '@docusaurus/theme-common';
import DocSidebarDesktop from '@theme/DocSidebar/Desktop';
import DocSidebarMobile from '@theme/DocSidebar/Mobile';
import type {Props} from '@theme/DocSidebar';

/**
 * The theme renders the desktop sidebar until the window size is known and then, on a phone,
 * unmounts it (a hundred and eighty elements) and mounts the mobile one, which only fills the
 * navbar menu. Here the desktop sidebar never unmounts; below 997 px its container is
 * `display: none`, so readers and assistive technology meet only the menu's copy.
 */
export default function DocSidebar(props: Props): ReactNode {
  const windowSize = useWindowSize();
  return (
    <>
      <DocSidebarDesktop {...props} />
      {windowSize === 'mobile' && <DocSidebarMobile {...props} />}
    </>
  );
}
