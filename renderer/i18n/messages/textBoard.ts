/**
 * Texts of the text board (renderer/boards/TextBoard.vue), which draws a game that has no board
 * component of its own, such as one added with `registerGame`, as its module's text picture.
 */
export default {
  en: {
    textBoard: {
      label: '{game} board, as text',
      lastMove: 'Last move: {move}',
      cannotShow: 'Cannot show this board.',
      unknownGame: 'This Jury does not know the game "{game}".',
    },
  },
  nl: {
    textBoard: {
      label: '{game}-bord, als tekst',
      lastMove: 'Laatste zet: {move}',
      cannotShow: 'Dit bord kan niet worden getoond.',
      unknownGame: 'Deze Jury kent het spel "{game}" niet.',
    },
  },
};
