import {createContext, type ReactNode} from 'react';

/**
 * Set by a page whose component renders no <main> of its own (the search plugin's page): the
 * Layout wrapper then puts the page content in one, so the page has a main landmark, and puts
 * `lead` first in it (what the page adds above the plugin's content).
 */
export const NeedsMainLandmark = createContext<false | {lead?: ReactNode}>(false);
