// Replaced: the theme draws an array's "Array [" and "]" as <li>s, but Schema puts them inside <div>s (a list item outside a list); here they are <div>s.
import type {CSSProperties, ReactNode} from 'react';

// The theme's look: a dimmed bracket in code size, set back by half a rem, 5px apart as its list items were.
const item: CSSProperties = {paddingTop: '5px'};
const bracket: CSSProperties = {fontSize: 'var(--ifm-code-font-size)', opacity: 0.6, marginLeft: '-.5rem'};

export function OpeningArrayBracket(): ReactNode {
  return (
    <div style={item}>
      <div style={{...bracket, paddingBottom: '.5rem'}}>Array [</div>
    </div>
  );
}

export function ClosingArrayBracket(): ReactNode {
  return (
    <div style={item}>
      <div style={bracket}>]</div>
    </div>
  );
}
