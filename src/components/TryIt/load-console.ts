/** The console's chunk, fetched the first time a reader opens a console (an operation page's or a guide step's). */
import {loadOnDemand} from '@site/src/lib/load-on-demand';

export const useConsole = loadOnDemand(() => import('./Console').then((module) => module.default));
