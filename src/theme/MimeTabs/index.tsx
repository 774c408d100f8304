// Wrapped: media-type tabs render only the selected media type.
import MimeTabs from '@theme-original/MimeTabs';
import {selectedTabOnly} from '@site/src/components/SelectedTabOnly';

export default selectedTabOnly(MimeTabs);
