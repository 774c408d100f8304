// Wrapped (issue 5): names the OpenAPI theme's tab-scroll arrow buttons, which every tab row of an API page renders without text or label, out of reach of props.
import {useEffect, useRef, type ReactNode} from 'react';
import Layout from '@theme-original/ApiItem/Layout';
import type {Props} from '@theme/DocItem/Layout';

const unnamedArrows = 'button.openapi-tabs__arrow:not([aria-label])';

function nameTabArrows(root: HTMLElement): void {
  for (const arrow of Array.from(root.querySelectorAll<HTMLButtonElement>(unnamedArrows))) {
    // The arrows scroll a row of tabs that overflows; the tabs themselves are reachable with the arrow keys.
    arrow.setAttribute('aria-label', arrow.classList.contains('left') ? 'Scroll tabs left' : 'Scroll tabs right');
  }
}

export default function ApiItemLayoutWithNamedTabArrows(props: Props): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    nameTabArrows(root);
    // Each tab row (ApiTabs, MimeTabs, SchemaTabs, DiscriminatorTabs, OperationTabs) adds its arrows from its own
    // state when a ResizeObserver finds the row too narrow, and tab panels render their tab rows when chosen.
    const observer = new MutationObserver(() => nameTabArrows(root));
    observer.observe(root, {childList: true, subtree: true});
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} style={{display: 'contents'}}>
      <Layout {...props} />
    </div>
  );
}
