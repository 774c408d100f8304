import {createContext} from 'react';

/**
 * Set by a page whose component renders no <main> of its own (the search plugin's page): the
 * Layout wrapper then puts the page content in one, so the page has a main landmark.
 */
export const NeedsMainLandmark = createContext(false);
