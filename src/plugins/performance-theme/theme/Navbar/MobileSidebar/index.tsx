// Wrapped: the mobile menu is built when first opened (its focus trap is the site theme's, src/theme/Navbar/MobileSidebar).
import {useState, type ReactNode} from 'react';
import MobileSidebar from '@theme-init/Navbar/MobileSidebar';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';

export default function MobileSidebarBuiltWhenOpened(): ReactNode {
  const {shown} = useNavbarMobileSidebar();
  // theme-classic builds the closed menu (navbar items and the whole docs sidebar) on every phone
  // right after hydration, in one long task; it is built when the reader first opens it instead.
  const [opened, setOpened] = useState(shown);
  if (shown && !opened) setOpened(true);
  return opened ? <MobileSidebar /> : null;
}
