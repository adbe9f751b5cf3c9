/**
 * For the catalogue tests (web/src/i18n and the audit's own catalogue): the argument names an ICU
 * message uses, so a translation that drops or renames one fails. api/i18n keeps its own copy,
 * as web/ and the server folders import nothing from each other.
 */
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** The argument names a message uses, including those nested in plural and select branches and tags. */
export function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if ('value' in element && typeof element.value === 'string') into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}
