import type {ComponentType, ReactNode} from 'react';

/**
 * The OpenAPI theme's tab components render every tab's panel and hide all but one; with `lazy`
 * they render only the selected one, so an operation page holds one variant of a schema at a time.
 */
export function selectedTabOnly<Props extends object>(Tabs: ComponentType<Props & {lazy?: boolean}>): ComponentType<Props> {
  function SelectedTabOnly(props: Props): ReactNode {
    return <Tabs {...props} lazy />;
  }
  SelectedTabOnly.displayName = `SelectedTabOnly(${Tabs.displayName ?? Tabs.name})`;
  return SelectedTabOnly;
}
