/**
 * The remark plugins of every authored page (docs and src/pages), for docusaurus.config.ts to hand
 * the docs and pages plugins: mermaid fences become prerendered images (the performance layer's;
 * the stock build draws them in the browser), fact components are rendered from the OpenAPI files
 * and SDK types (src/lib/facts.ts), tab sets of code samples follow the reader's language, and the content checks report a wrong sample, fact or link in
 * the terminal while a writer edits. config/ holds the options; the plugins that run are wired here.
 */
import {performanceLayer} from '../../config/performance-layer';
import remarkApiFacts from './api-facts/remark';
import remarkContentChecks from './content-checks/remark';
import remarkFirstScreenEnd from './hold-first-paint/first-screen';
import remarkObjectLinks from './object-links/remark';
import remarkPrerenderedDiagrams from './prerendered-diagrams/remark';
import remarkSampleTabs from './sample-tabs/remark';
import remarkSandboxTestValues from './sandbox-test-values/remark';

export const contentRemarkPlugins = [
  ...(performanceLayer().prerenderedDiagrams ? [remarkPrerenderedDiagrams] : []),
  remarkApiFacts,
  remarkContentChecks,
  // Tab sets of code samples follow the reader's language (the URL's `lang`).
  remarkSampleTabs,
];

/** The docs plugin's remark plugins: those of every page, then the docs' own. */
export const docsRemarkPlugins = {
  // Object names in prose link to their pages (src/lib/openapi/reference-routes.ts).
  beforeDefaultRemarkPlugins: [...contentRemarkPlugins, remarkObjectLinks],
  // Sandbox test values are written once, in openapi/tessera-v3.yaml, and rendered into the pages.
  // The first paint waits for the end of the first screen (src/plugins/hold-first-paint).
  remarkPlugins: [remarkSandboxTestValues, remarkFirstScreenEnd],
};
