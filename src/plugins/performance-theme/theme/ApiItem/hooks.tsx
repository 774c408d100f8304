// Replaced: the theme keeps its request builder's state in Redux (about 17 KB); our operation pages only remember which media type and schema variant a reader chose, so a React context holds that.
import {createContext, useContext, useMemo, useReducer, type ReactNode} from 'react';

/** The part of the theme's state that MimeTabs, Schema and MethodEndpoint read or change. */
export type OperationViewState = {
  accept: {value?: string; options: string[]};
  contentType: {value?: string; options: string[]};
  /** The theme's explorer picks a server; without it, endpoints show their path alone. */
  server: {value?: {url: string; variables?: Record<string, {default?: string}>}; options: never[]};
  schemaSelection: {selections: Record<string, number>};
};

/** Actions as the theme's slice action creators (src/theme/ApiExplorer/*\/slice.ts) build them. */
export type OperationViewAction =
  | {type: 'accept/setAccept'; payload: string}
  | {type: 'contentType/setContentType'; payload: string}
  | {type: 'schemaSelection/setSchemaSelection'; payload: {path: string; index: number}}
  | {type: 'schemaSelection/clearSchemaSelections'; payload?: undefined};

export function operationViewReducer(state: OperationViewState, action: OperationViewAction): OperationViewState {
  switch (action.type) {
    case 'accept/setAccept':
      return {...state, accept: {...state.accept, value: action.payload}};
    case 'contentType/setContentType':
      return {...state, contentType: {...state.contentType, value: action.payload}};
    case 'schemaSelection/setSchemaSelection':
      return {...state, schemaSelection: {selections: {...state.schemaSelection.selections, [action.payload.path]: action.payload.index}}};
    case 'schemaSelection/clearSchemaSelections':
      return {...state, schemaSelection: {selections: {}}};
    default:
      return state;
  }
}

export function initialOperationView(accept: string[], contentTypes: string[]): OperationViewState {
  return {
    accept: {value: accept[0], options: accept},
    contentType: {value: contentTypes[0], options: contentTypes},
    server: {value: undefined, options: []},
    schemaSelection: {selections: {}},
  };
}

type OperationView = {state: OperationViewState; dispatch: (action: OperationViewAction) => void};

const OperationViewContext = createContext<OperationView | null>(null);

export function OperationViewProvider({initialState, children}: {initialState: OperationViewState; children: ReactNode}): ReactNode {
  const [state, dispatch] = useReducer(operationViewReducer, initialState);
  const view = useMemo(() => ({state, dispatch}), [state]);
  return <OperationViewContext.Provider value={view}>{children}</OperationViewContext.Provider>;
}

function useOperationView(): OperationView {
  const view = useContext(OperationViewContext);
  // Like react-redux outside a Provider: the theme's Schema catches this for response schemas.
  if (!view) throw new Error('an OpenAPI theme component rendered outside an operation page');
  return view;
}

export function useTypedDispatch(): OperationView['dispatch'] {
  return useOperationView().dispatch;
}

export function useTypedSelector<Selected>(selector: (state: OperationViewState) => Selected): Selected {
  return selector(useOperationView().state);
}
