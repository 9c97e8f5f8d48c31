import { isMessageKey, translate, type Locale } from '@dcc/contract';

/** A device's answer to a command in the reader's language: a frame reply's status by its name, a thing model's own message as it came. */
export function answerText(locale: Locale, answer: string): string {
  const status = `deviceCommands.status.${answer}`;
  return isMessageKey(status) ? translate(locale, status) : answer;
}
