// Wrapped: discriminator tabs render only the selected variant.
import DiscriminatorTabs from '@theme-original/DiscriminatorTabs';
import {selectedTabOnly} from '@site/src/components/SelectedTabOnly';

export default selectedTabOnly(DiscriminatorTabs);
