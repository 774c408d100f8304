/**
 * Mermaid diagrams. A production build shows every ```mermaid fence as an SVG file that
 * scripts/render-diagrams.ts drew at build time, so no page runs mermaid (about 183 KB gzipped and
 * 2 s of blocking time on a phone). `npm start` draws new or changed fences in the browser with
 * @docusaurus/theme-mermaid, with the same settings, so writers see them live.
 */

/**
 * The SVG is shown in an <img>, so the reader's fonts lay out its labels, while the render
 * machine's measured them. Arial and Liberation Sans (what Linux substitutes for Arial) have the
 * same metrics, so the labels fit their boxes on Windows, macOS and Linux alike.
 */
export const diagramFontFamily = 'Arial, "Liberation Sans", Helvetica, sans-serif';

/** mermaid's settings for both renderings. Part of each SVG's file name: a change renders anew. */
export const mermaidRenderConfig = {
  startOnLoad: false,
  // The site is always dark (spec 4, 9).
  theme: 'dark',
  securityLevel: 'strict',
  fontFamily: diagramFontFamily,
  // SVG text instead of HTML in <foreignObject>, which some browsers do not draw inside an <img>.
  htmlLabels: false,
  flowchart: {htmlLabels: false},
  // Sequence diagrams take their fonts from these, not from fontFamily.
  sequence: {actorFontFamily: diagramFontFamily, messageFontFamily: diagramFontFamily, noteFontFamily: diagramFontFamily},
  // SVG edge labels get a half-transparent box, through which the lines they sit on show.
  themeCSS: '.edgeLabel rect, .edgeLabel .label rect { opacity: 1; }',
} as const;

export const diagramFiles = {
  /** Where the markdown lives whose fences are rendered (relative to the site). */
  sourceFolders: ['docs', 'versioned_docs', 'src/pages'],
  /** Where the SVG files go; git-ignored, published at `urlPath`. */
  outputFolder: 'static/diagrams',
  urlPath: '/diagrams',
  /** The command that writes them (`npm run build` runs it first). */
  command: 'npm run gen-diagrams',
} as const;

/** The class of the <figure> that holds a rendered diagram; tests find diagrams by it. */
export const diagramFigureClass = 'prerendered-diagram';
