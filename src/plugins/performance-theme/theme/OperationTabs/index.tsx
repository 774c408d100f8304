// Wrapped: callback tabs render only the selected callback.
import OperationTabs from '@theme-init/OperationTabs';
import {selectedTabOnly} from '@site/src/plugins/performance-theme/SelectedTabOnly';

export default selectedTabOnly(OperationTabs);
