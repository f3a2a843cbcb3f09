import { useI18n } from 'vue-i18n';
import { formatMessage, type Message } from '../../shared/games/message.ts';

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
