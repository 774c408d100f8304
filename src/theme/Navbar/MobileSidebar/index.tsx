// Wrapped: the mobile menu is built when first opened, and keeps keyboard focus like a modal: focus moves into it, Tab and Shift+Tab cycle inside it in visual order, Escape closes it and returns focus to the menu button.
import {useEffect, useState, type ReactNode} from 'react';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';

const tabStops = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** The menu's Tab stops a reader can see: the panel not on screen is inert (Docusaurus sets that). */
function visibleTabStops(menu: HTMLElement): HTMLElement[] {
  return Array.from(menu.querySelectorAll<HTMLElement>(tabStops)).filter(
    (element) => !element.closest('[inert]') && element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden',
  );
}

/**
 * The page under the menu is not made inert: axe then found neither the page's main landmark nor its h1.
 * Keyboard focus is kept in the menu by the keydown handler below instead.
 */
export default function MobileSidebarAsModal(): ReactNode {
  const {shown, toggle} = useNavbarMobileSidebar();
  // theme-classic builds the closed menu (navbar items and the whole docs sidebar) on every phone
  // right after hydration, in one long task; it is built when the reader first opens it instead.
  const [opened, setOpened] = useState(shown);
  if (shown && !opened) setOpened(true);

  useEffect(() => {
    if (!shown) return undefined;
    const menu = document.querySelector<HTMLElement>('.navbar-sidebar');
    if (!menu) return undefined;
    const openedOn = window.location.pathname;
    // The menu turns visible as its slide-in transition starts; focus its first stop once it can take focus.
    let frame = 0;
    let attempts = 0;
    const focusFirstStop = () => {
      const first = visibleTabStops(menu)[0];
      first?.focus();
      if (document.activeElement !== first && attempts++ < 60) frame = requestAnimationFrame(focusFirstStop);
    };
    focusFirstStop();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        toggle();
        return;
      }
      if (event.key !== 'Tab') return;
      const stops = visibleTabStops(menu);
      const first = stops[0];
      const last = stops[stops.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !menu.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !menu.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      cancelAnimationFrame(frame);
      // Closed without leaving the page (close button, Escape): focus goes back to the menu button.
      // After following a link, the new page decides where focus starts.
      if (window.location.pathname === openedOn) document.querySelector<HTMLElement>('.navbar__toggle')?.focus();
    };
  }, [shown, toggle]);

  return opened ? <MobileSidebar /> : null;
}
