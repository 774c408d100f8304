// Wrapped: callback tabs render only the selected callback.
import OperationTabs from '@theme-original/OperationTabs';
import {selectedTabOnly} from '@site/src/components/SelectedTabOnly';

export default selectedTabOnly(OperationTabs);
