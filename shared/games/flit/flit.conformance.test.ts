import { runConformance } from '../../../test/helpers/conformance.ts';
import { describeGoldens } from '../../../test/helpers/golden.ts';
import { flitGame } from './index.ts';

runConformance(flitGame, { playouts: 12, maxPlies: 40_000 });
describeGoldens(flitGame, new URL('./golden/', import.meta.url));
