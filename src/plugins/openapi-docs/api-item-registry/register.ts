// Imported by every generated API operation page (scripts/generate-api-docs.ts), and by nothing else.
import ApiItem from '@theme/ApiItem';
import {registerApiItem} from './index';

registerApiItem(ApiItem);
