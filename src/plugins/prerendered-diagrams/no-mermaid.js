// Stands in for mermaid in production builds, where every diagram is an SVG drawn at build time (see index.ts).
const notBundled = () => {
  throw new Error('mermaid is not in production builds: scripts/render-diagrams.ts draws the diagrams at build time');
};

export default {initialize: notBundled, render: notBundled, registerLayoutLoaders: notBundled};
