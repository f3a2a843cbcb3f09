import { useI18n } from 'vue-i18n';
import { formatMessage, type Message } from '../../shared/games/message.ts';
import { findRegistration } from '../../shared/games/registry.ts';

/**
 * The text of a {@link Message} from a game's view model in the current language, for components: call
 * it in `setup`. Nested messages (a seat's name inside a status line) are translated first; texts with
 * plural forms get the message's count.
 */
export function useMessages(): (m: Message) => string {
  const { t } = useI18n();
  return (m) =>
    formatMessage(
      (key, values, plural) => (plural === undefined ? t(key, values) : t(key, values, plural)),
      m,
    );
}

/**
 * The name of a seat of `game` in the current language (Less: `Geel` in Dutch), for the lists beside a
 * board; call it in `setup`. A game without texts keeps its seat names as written, a seat it does not
 * have is its number.
 */
export function useSeatNames(): (game: string, seat: number) => string {
  const text = useMessages();
  return (game, seat) => {
    const registration = findRegistration(game);
    const name = registration?.texts?.seats[seat];
    if (name !== undefined) return text(name);
    return registration?.module.info.seatNames[seat] ?? String(seat + 1);
  };
}
