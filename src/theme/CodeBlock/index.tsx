// Wrapped (issue 5): registers the extra Prism languages (spec 1: php, csharp) with the first code block, not at start-up on every page.
import {Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import CodeBlock from '@theme-original/CodeBlock';

prismIncludeLanguages(Prism);

export default CodeBlock;
