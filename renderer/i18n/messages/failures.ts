import { failureTexts } from '../../../shared/games/failure-texts.ts';

/**
 * How a program failed (`failure.`): from shared/games/failure-texts.ts rather than written here, because
 * the command line and the exports print the same English sentences.
 */
export default {
  en: { failure: failureTexts.en },
  nl: { failure: failureTexts.nl },
};
