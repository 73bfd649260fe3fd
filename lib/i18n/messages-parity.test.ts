import { describe, expect, it } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';

// Both languages are equal (issue 60, item 8): a browser journey runs in one language (e2e/helpers.ts), and
// what it would have checked of the other language's words is held here, for every message: the same keys both
// ways, the same arguments (a `{fee}` or a plural the English has, the Arabic has), and Arabic that is Arabic.
// The parser is next-intl's own (through use-intl and intl-messageformat), so a message it cannot read fails here.

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(name, value);
    else for (const [inner, text] of flatten(value, name)) flat.set(inner, text);
  }
  return flat;
}

/** The message's arguments, each with its kind: `fee:argument`, `count:plural`, `b:tag`. */
function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        found.add(`${element.value}:${TYPE[element.type]}`);
        break;
      case TYPE.plural:
      case TYPE.select:
        found.add(`${element.value}:${TYPE[element.type]}`);
        for (const option of Object.values(element.options)) argumentsOf(option.value, found);
        break;
      case TYPE.tag:
        found.add(`${element.value}:tag`);
        argumentsOf(element.children, found);
        break;
      default:
        break;
    }
  }
  return found;
}

const english = flatten(en as Tree);
const arabic = flatten(ar as Tree);

// Messages whose Arabic is rightly in Latin letters: the switch names the other language in its own script.
const LATIN_IN_ARABIC = new Set(['LanguageSwitch.other', 'RequestDetails.documents.pdfPicture']);

describe('the messages of both languages', () => {
  it('have the same keys, both ways', () => {
    expect([...arabic.keys()].filter((key) => !english.has(key))).toEqual([]);
    expect([...english.keys()].filter((key) => !arabic.has(key))).toEqual([]);
  });

  it('are never empty', () => {
    for (const [language, messages] of [['en', english], ['ar', arabic]] as const)
      expect([...messages].filter(([, text]) => text.trim() === '').map(([key]) => `${language}: ${key}`)).toEqual([]);
  });

  it('take the same arguments, plurals, selects and tags in both languages', () => {
    const differ: string[] = [];
    for (const [key, text] of english) {
      const other = arabic.get(key);
      if (other === undefined) continue;
      const inEnglish = [...argumentsOf(parse(text, { ignoreTag: false }))].sort();
      const inArabic = [...argumentsOf(parse(other, { ignoreTag: false }))].sort();
      if (inEnglish.join() !== inArabic.join()) differ.push(`${key}: en ${inEnglish.join(' ')} / ar ${inArabic.join(' ')}`);
    }
    expect(differ).toEqual([]);
  });

  it('are Arabic in Arabic: no message left in English', () => {
    const untranslated = [...arabic]
      .filter(([key, text]) => !LATIN_IN_ARABIC.has(key) && /[A-Za-z]{3}/.test(text.replace(/\{[^}]*\}/g, '')) && !/[\u0600-\u06FF]/.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(untranslated).toEqual([]);
  });
});
