// Wrapped (accessibility): a row of code-sample tabs is named for what it chooses, "Sample language"; the tab list of the OpenAPI theme's Tabs (`@theme/Tabs` on every page) takes no label.
import type {ComponentProps, ReactNode} from 'react';
import Tabs from '@theme-original/Tabs';
import RepairedMarkup from '@site/src/components/RepairedMarkup';
import {sampleTabsClassName, sampleTabsLabel} from '@site/config/site-constants';

const unnamedSampleRows = `.${sampleTabsClassName}[role="tablist"]:not([aria-label])`;

function nameSampleRows(root: HTMLElement): void {
  for (const row of Array.from(root.querySelectorAll(unnamedSampleRows))) row.setAttribute('aria-label', sampleTabsLabel);
}

export default function TabsWithNamedSampleRow(props: ComponentProps<typeof Tabs>): ReactNode {
  // The theme puts `className` on the tab list itself; other tab sets render as they are.
  if (!props.className?.split(/\s+/).includes(sampleTabsClassName)) return <Tabs {...props} />;
  return (
    <RepairedMarkup repair={nameSampleRows}>
      <Tabs {...props} />
    </RepairedMarkup>
  );
}
