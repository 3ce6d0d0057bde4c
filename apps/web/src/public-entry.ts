// The public pages' script (issue: public site): built as its own entry, with no React.
import { startIslands } from '@app/public-site/client';
import { captureTracking } from './lib/tracking';

captureTracking();
startIslands();
