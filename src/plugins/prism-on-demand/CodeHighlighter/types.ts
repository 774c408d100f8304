import type {Highlight} from 'prism-react-renderer';

/** prism-react-renderer's render-prop component, as the code block uses it. */
export type Highlighter = typeof Highlight;
