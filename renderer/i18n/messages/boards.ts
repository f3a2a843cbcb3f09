import { boardTexts } from '../../../shared/games/board-texts.ts';
import type { TextTree } from '../../../shared/games/message.ts';
import { findRegistration, gameIds } from '../../../shared/games/registry.ts';
import type { Language } from '../../../shared/settings/choices.ts';

/**
 * Texts of the boards, from shared/games/ rather than written here: the captions every board shares
 * (`board.`, shared/games/board-texts.ts) and each game's own texts (`game.<id>.`, the `texts` of its
 * registration, from its folder's texts.ts). A new game's texts therefore need no change here. A game
 * registered after the app's i18n was created (or one without texts) is not included.
 */
function gameTexts(language: Language): Record<string, TextTree> {
  const out: Record<string, TextTree> = {};
  for (const id of gameIds) {
    const texts = findRegistration(id)?.texts;
    if (texts !== undefined) out[id] = texts[language];
  }
  return out;
}

export default {
  en: { board: boardTexts.en, game: gameTexts('en') },
  nl: { board: boardTexts.nl, game: gameTexts('nl') },
};
