// Wrapped: media-type tabs render only the selected media type.
import MimeTabs from '@theme-init/MimeTabs';
import {selectedTabOnly} from '@site/src/plugins/performance-theme/SelectedTabOnly';

export default selectedTabOnly(MimeTabs);
