// Wrapped: RequestSchema and ResponseSchema put Schema straight into a <ul>, but it renders <div>s and <span>s; here they form one list item.
import type {ComponentProps, ReactNode} from 'react';
import Schema from '@theme-original/Schema';
import type SchemaType from 'docusaurus-theme-openapi-docs/lib/theme/Schema';

type Props = ComponentProps<typeof SchemaType>;

export default function SchemaInList(props: Props): ReactNode {
  // Both render it as `<ul><Schema …/></ul>`; the theme's own recursion calls its inner components, not this one.
  // The theme styles list items in its sections with a 5px top padding that would break its tree line.
  return (
    <li style={{paddingTop: 0}}>
      <Schema {...props} />
    </li>
  );
}
