import { runConformance } from '../../../test/helpers/conformance.ts';
import { describeGoldens } from '../../../test/helpers/golden.ts';
import { lessGame } from './index.ts';

runConformance(lessGame);
describeGoldens(lessGame, new URL('./golden/', import.meta.url));
