import { runConformance } from '../../../test/helpers/conformance.ts';
import { describeGoldens } from '../../../test/helpers/golden.ts';
import { moreGame } from './index.ts';

runConformance(moreGame);
describeGoldens(moreGame, new URL('./golden/', import.meta.url));
