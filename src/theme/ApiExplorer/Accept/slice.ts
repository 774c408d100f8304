// Replaced: MimeTabs needs only this action creator; the theme's version brings Redux Toolkit (see src/theme/ApiItem/hooks.tsx).
import type {OperationViewAction} from '../../ApiItem/hooks';

export const setAccept = (payload: string): OperationViewAction => ({type: 'accept/setAccept', payload});
