// Replaced (issue 5): the browser keeps the server's highlighted markup, so Prism loads only for code the page's HTML lacks.
import {useCallback, useMemo, type ReactNode, type Ref} from 'react';
import clsx from 'clsx';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {usePrismTheme} from '@docusaurus/theme-common';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/CodeBlock/Content';
import Line, {type Props as LineProps} from '@theme/CodeBlock/Line';
import type {LineInputProps, Token, TokenInputProps} from 'prism-react-renderer';
import {useHighlighter} from '@tessera/code-highlighter';
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';

/**
 * Highlighted markup the server rendered, by code block. Filled while React hydrates the page,
 * read when theme-classic's CodeBlock re-mounts its content right after hydration.
 */
const serverMarkup = new Map<string, string>();

/** While hydrating, an empty innerHTML tells React to keep the server's children untouched. */
const keepServerChildren = {__html: ''};

function useCodeBlockKey(): string {
  const {metadata} = useCodeBlockContext();
  return JSON.stringify([metadata.language, metadata.lineNumbersStart, metadata.lineClassNames, metadata.code]);
}

function useMergedRef<T>(first: Ref<T>, second: (instance: T | null) => void): (instance: T | null) => void {
  return useCallback(
    (instance: T | null) => {
      if (typeof first === 'function') first(instance);
      else if (first) first.current = instance;
      second(instance);
    },
    [first, second],
  );
}

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
  const key = useCodeBlockKey();
  const {preClassName, preStyle, codeClassName, codeStyle} = usePreAttributes(className);

  const hydrating = typeof window !== 'undefined' && !isBrowser;
  const markupFromServer = isBrowser ? serverMarkup.get(key) : undefined;
  const Highlight = useHighlighter(isBrowser && markupFromServer === undefined);

  const rememberServerMarkup = useCallback(
    (pre: HTMLPreElement | null) => {
      if (pre && pre.innerHTML !== '') serverMarkup.set(key, pre.innerHTML);
    },
    [key],
  );
  const hydratingRef = useMergedRef(wordWrap.codeBlockRef, rememberServerMarkup);
  const serverHtml = useMemo(() => (markupFromServer === undefined ? undefined : {__html: markupFromServer}), [markupFromServer]);

  if (hydrating) {
    return (
      <pre
        ref={hydratingRef}
        tabIndex={0}
        className={preClassName}
        style={preStyle}
        dangerouslySetInnerHTML={keepServerChildren}
        suppressHydrationWarning
      />
    );
  }

  if (serverHtml && !Highlight) {
    return <pre ref={wordWrap.codeBlockRef} tabIndex={0} className={preClassName} style={preStyle} dangerouslySetInnerHTML={serverHtml} />;
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
