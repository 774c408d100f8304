// Wrapped: a response's status-code tabs render only the selected code, so the page holds one response's schema, not all of them.
import ApiTabs from '@theme-init/ApiTabs';
import {selectedTabOnly} from '@site/src/plugins/performance-theme/SelectedTabOnly';

export default selectedTabOnly(ApiTabs);
