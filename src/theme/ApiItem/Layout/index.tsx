// Wrapped: names the OpenAPI theme's tab-scroll arrow buttons, which every tab row of an API page renders without text or label, out of reach of props.
import type {ReactNode} from 'react';
import Layout from '@theme-original/ApiItem/Layout';
import type {Props} from '@theme/DocItem/Layout';
import RepairedMarkup from '@site/src/components/RepairedMarkup';

const unnamedArrows = 'button.openapi-tabs__arrow:not([aria-label])';

function nameTabArrows(root: HTMLElement): void {
  for (const arrow of Array.from(root.querySelectorAll<HTMLButtonElement>(unnamedArrows))) {
    // The arrows scroll a row of tabs that overflows; the tabs themselves are reachable with the arrow keys.
    arrow.setAttribute('aria-label', arrow.classList.contains('left') ? 'Scroll tabs left' : 'Scroll tabs right');
  }
}

// Each tab row (ApiTabs, MimeTabs, SchemaTabs, DiscriminatorTabs, OperationTabs) adds its arrows from its own
// state when a ResizeObserver finds the row too narrow, and tab panels render their tab rows when chosen.
export default function ApiItemLayoutWithNamedTabArrows(props: Props): ReactNode {
  return (
    <RepairedMarkup repair={nameTabArrows}>
      <Layout {...props} />
    </RepairedMarkup>
  );
}
