// Replaces theme-classic's start-up client module: src/theme/CodeBlock registers Prism's languages when code is shown.
export {};
