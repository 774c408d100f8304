// Replaces theme-classic's start-up client module: src/plugins/performance-theme/theme/CodeBlock/Content registers Prism's languages when code is shown.
export {};
