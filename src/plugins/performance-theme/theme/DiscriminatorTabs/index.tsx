// Wrapped: discriminator tabs render only the selected variant.
import DiscriminatorTabs from '@theme-init/DiscriminatorTabs';
import {selectedTabOnly} from '@site/src/plugins/performance-theme/SelectedTabOnly';

export default selectedTabOnly(DiscriminatorTabs);
