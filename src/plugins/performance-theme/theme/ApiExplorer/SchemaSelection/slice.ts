// Replaced: Schema needs only these action creators; the theme's version brings Redux Toolkit (see ../../ApiItem/hooks.tsx).
import type {OperationViewAction} from '../../ApiItem/hooks';

export const setSchemaSelection = (payload: {path: string; index: number}): OperationViewAction => ({
  type: 'schemaSelection/setSchemaSelection',
  payload,
});

export const clearSchemaSelections = (): OperationViewAction => ({type: 'schemaSelection/clearSchemaSelections'});
