// Wrapped: ParamsDetails lists the parameters in a <ul>, but each ParamsItem is a <div>; here each is a list item.
import type {ReactNode} from 'react';
import ParamsItem from '@theme-original/ParamsItem';
import type {Props} from 'docusaurus-theme-openapi-docs/lib/theme/ParamsItem';

export default function ParamsItemInList(props: Props): ReactNode {
  // ParamsDetails is the only component that renders ParamsItem, always straight into its <ul>.
  // The theme styles list items in its sections with a 5px top padding that would break its tree line.
  return (
    <li style={{paddingTop: 0}}>
      <ParamsItem {...props} />
    </li>
  );
}
