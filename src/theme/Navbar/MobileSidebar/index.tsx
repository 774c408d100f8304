// Wrapped: the open mobile menu keeps keyboard focus like a modal (focus-trap): focus moves into it, Tab and Shift+Tab cycle inside it, Escape closes it and returns focus to the menu button.
import {useEffect, type ReactNode} from 'react';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import type {FocusTrap} from 'focus-trap';

/** Resolves once the menu, which turns visible as its slide-in transition starts, has a Tab stop on screen. */
function whenVisible(menu: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    let frames = 0;
    const check = () => {
      const visible = menu.getClientRects().length > 0 && getComputedStyle(menu).visibility !== 'hidden';
      if (visible || frames++ > 60) resolve();
      else requestAnimationFrame(check);
    };
    check();
  });
}

/**
 * The page under the menu is not made inert: axe then found neither the page's main landmark nor
 * its h1. focus-trap keeps keyboard focus in the menu instead. It loads when the menu first opens,
 * so pages never download it for readers who do not open the menu.
 */
export default function MobileSidebarAsModal(): ReactNode {
  const {shown, toggle} = useNavbarMobileSidebar();

  useEffect(() => {
    if (!shown) return undefined;
    const menu = document.querySelector<HTMLElement>('.navbar-sidebar');
    if (!menu) return undefined;
    const openedOn = window.location.pathname;
    let trap: FocusTrap | undefined;
    let closed = false;
    void import('focus-trap').then(({createFocusTrap}) => {
      if (closed) return;
      trap = createFocusTrap(menu, {
        checkCanFocusTrap: () => whenVisible(menu),
        // Escape closes the menu through the theme; closing deactivates the trap below.
        escapeDeactivates: () => {
          toggle();
          return false;
        },
        // A tap on the backdrop closes the menu (the theme handles it).
        allowOutsideClick: true,
        // Closed without leaving the page (close button, Escape): focus goes back to the menu button.
        // After following a link, the new page decides where focus starts.
        setReturnFocus: () => (window.location.pathname === openedOn ? '.navbar__toggle' : false),
        // The panel not on screen is inert (Docusaurus sets that); tabbable skips inert elements.
        tabbableOptions: {displayCheck: 'full'},
      });
      trap.activate();
    });
    return () => {
      closed = true;
      trap?.deactivate();
    };
  }, [shown, toggle]);

  return <MobileSidebar />;
}
