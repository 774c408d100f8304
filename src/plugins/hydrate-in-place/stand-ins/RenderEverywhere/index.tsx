// Stands in for `@docusaurus/BrowserOnly` in the OpenAPI theme's schema sections (src/plugins/hydrate-in-place): they need no browser API.
import type {ReactNode} from 'react';

export default function RenderEverywhere({children}: {children?: () => ReactNode; fallback?: ReactNode}): ReactNode {
  return children?.() ?? null;
}
