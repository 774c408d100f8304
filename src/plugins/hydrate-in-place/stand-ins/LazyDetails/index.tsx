// Stands in for `@theme/Details` inside the OpenAPI theme (src/plugins/hydrate-in-place): a collapsed section renders its content only once opened.
import {useState, type MouseEvent, type ReactNode} from 'react';
import Details, {type Props} from '@theme/Details';

/**
 * The theme's Details always renders its content, so a schema writes every nested level into the
 * page, open or not. Here the content appears when the reader first opens the section (click or
 * keyboard on its summary) and then stays, so closing and reopening animate as before. The click
 * is caught in the capture phase, so the content renders in the same update that opens the
 * section and the opening animation measures its full height.
 */
export default function LazyDetails({children, onClickCapture, ...props}: Props): ReactNode {
  const [rendered, setRendered] = useState(Boolean(props.open));
  const renderOnOpen = (event: MouseEvent<HTMLDetailsElement>) => {
    const summary = (event.target as Element).closest('summary');
    if (!rendered && summary?.parentElement === event.currentTarget) setRendered(true);
    onClickCapture?.(event);
  };
  return (
    <Details {...props} onClickCapture={renderOnOpen}>
      {rendered ? children : null}
    </Details>
  );
}
