// Replaced: MimeTabs needs only this action creator; the theme's version brings Redux Toolkit (see ../../ApiItem/hooks.tsx).
import type {OperationViewAction} from '../../ApiItem/hooks';

export const setContentType = (payload: string): OperationViewAction => ({type: 'contentType/setContentType', payload});
