// Wrapped: wide tables scroll sideways on a phone, so each table is a Tab stop a keyboard can scroll.
import type {ComponentProps, ReactNode} from 'react';
import MDXComponents from '@theme-original/MDXComponents';

function FocusableTable(props: ComponentProps<'table'>): ReactNode {
  // Infima makes every table its own horizontal scroll box (display: block; overflow: auto).
  return <table tabIndex={0} {...props} />;
}

export default {
  ...MDXComponents,
  table: FocusableTable,
};
