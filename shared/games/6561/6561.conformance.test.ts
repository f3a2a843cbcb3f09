import { runConformance } from '../../../test/helpers/conformance.ts';
import { describeGoldens } from '../../../test/helpers/golden.ts';
import { game6561 } from './index.ts';

runConformance(game6561);
describeGoldens(game6561, new URL('./golden/', import.meta.url));
