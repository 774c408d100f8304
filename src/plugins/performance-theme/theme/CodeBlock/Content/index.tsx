// Replaced: the browser keeps the server's highlighted markup, so Prism loads only for code the page's HTML lacks.
import type {ReactNode} from 'react';
import clsx from 'clsx';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {usePrismTheme} from '@docusaurus/theme-common';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/CodeBlock/Content';
import Line, {type Props as LineProps} from '@theme/CodeBlock/Line';
import type {LineInputProps, Token, TokenInputProps} from 'prism-react-renderer';
import {useHighlighter} from '@tessera/code-highlighter';
import {keepServerChildren, useHydratedFromServerHtml} from '@site/src/plugins/hydrate-in-place/stand-ins/ServerMarkup';
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';

/** The <pre> and <code> attributes Prism's output gets, so every path renders the same box. */
function usePreAttributes(classNameProp: string | undefined) {
  const {metadata} = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  return {
    preClassName: clsx(classNameProp, 'prism-code', `language-${metadata.language}`, styles.codeBlock, 'thin-scrollbar'),
    preStyle: prismTheme.plain,
    codeClassName: clsx(styles.codeBlockLines, metadata.lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering),
    codeStyle: {
      counterReset: metadata.lineNumbersStart === undefined ? undefined : `line-count ${metadata.lineNumbersStart - 1}`,
    },
  };
}

function plainLines(code: string): Token[][] {
  return code.split('\n').map((content) => [{types: ['plain'], content}]);
}

const plainLineProps = ({className}: LineInputProps) => ({className: clsx('token-line', className)});
const plainTokenProps = ({token}: TokenInputProps) => ({className: 'token plain', children: token.content});

export default function CodeBlockContent({className}: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  const isBrowser = useIsBrowser();
  const {preClassName, preStyle, codeClassName, codeStyle} = usePreAttributes(className);

  // A block the server rendered keeps its highlighted markup for as long as it is mounted: the
  // code and its colours are static (spec 4: one colour mode), and tabs and code blocks no longer
  // remount after hydration (src/plugins/hydrate-in-place). React (production) does not compare
  // innerHTML while hydrating, so the server's children stay without being read or rewritten.
  const hydratedFromServer = useHydratedFromServerHtml();
  const Highlight = useHighlighter(isBrowser && !hydratedFromServer);

  if (hydratedFromServer) {
    return (
      <pre
        ref={wordWrap.codeBlockRef}
        tabIndex={0}
        className={preClassName}
        style={preStyle}
        dangerouslySetInnerHTML={keepServerChildren}
        suppressHydrationWarning
      />
    );
  }

  const renderLines = (lines: Token[][], getLineProps: LineProps['getLineProps'], getTokenProps: LineProps['getTokenProps']) => (
    <pre ref={wordWrap.codeBlockRef} tabIndex={0} className={preClassName} style={preStyle}>
      <code className={codeClassName} style={codeStyle}>
        {lines.map((line, index) => (
          <Line
            key={index}
            line={line}
            getLineProps={getLineProps}
            getTokenProps={getTokenProps}
            classNames={metadata.lineClassNames[index]}
            showLineNumbers={metadata.lineNumbersStart !== undefined}
          />
        ))}
      </code>
    </pre>
  );

  // Until Prism arrives (client-side navigation only), the code shows in the plain colour.
  if (!Highlight) return renderLines(plainLines(metadata.code), plainLineProps, plainTokenProps);

  return (
    <Highlight theme={prismTheme} code={metadata.code} language={metadata.language ?? 'text'}>
      {({tokens, getLineProps, getTokenProps}) => renderLines(tokens, getLineProps, getTokenProps)}
    </Highlight>
  );
}
