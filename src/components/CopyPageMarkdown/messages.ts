/** What the status region announces once the button was used; loaded with the copying code. */
export const copyPageMessages = {
  copying: 'Copying…',
  copied: 'Copied this page as Markdown.',
  failed: 'Could not copy. Open the Markdown file and copy it from there.',
} as const;
