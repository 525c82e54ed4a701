// host-name.js: a bookmark's host as its entry shows it, on the pages (src/render/host.ts) and in
// search results (entry-view.js) alike: one module, so both always agree.
//
// An internationalized name is shown in Unicode only where a browser would show it so: each
// `xn--` label is decoded and kept in Unicode only if it passes the checks of Chromium's IDN
// display policy (components/url_formatter/spoof_checks/idn_spoof_checker.cc, after UTS #39):
// characters a name may use, one script or an allowed mix (Latin with Han and Kana, with Hangul,
// or with Han and Bopomofo), no deviation or invisible characters, and no label made only of
// letters that look Latin under a top-level domain not of their script (`аррӏе.com`). A label
// that fails stays in punycode, as the address bar shows it: a public bookmark site must never
// print a phishing host in the typography of the real one. Chromium's comparison with a list of
// popular domains (needing that list) is the one check left out.
//
//   import { displayHost } from './host-name.js'
//   displayHost('https://xn--80ak6aa92e.com/') // → 'xn--80ak6aa92e.com'
//   displayHost('https://www.xn--bcher-kva.de/') // → 'bücher.de'

/**
 * The host of an http(s) or ftp URL as shown on an entry (`www.` dropped, each IDN label in
 * Unicode where that is safe), or `undefined` for a URL without one.
 * @param {string | undefined} href
 * @returns {string | undefined}
 */
export function displayHost(href) {
  if (!href) return undefined
  const match = /^(?:https?|ftp):\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(href)
  if (match === null || match[1] === '') return undefined
  let host = match[1].toLowerCase()
  // A host written in Unicode (a URL not yet through the parser): its labels in ASCII first.
  if (/[^\0-\x7f]/.test(host)) host = asciiHost(host)
  if (host.includes('xn--')) host = unicodeHost(host)
  return host.startsWith('www.') && host.length > 4 ? host.slice(4) : host
}

/**
 * Whether a label decoded from punycode may be shown in Unicode under the top-level domain `tld`
 * (as written, in ASCII) whose Unicode form is `tldUnicode`.
 * @param {string} label
 * @param {string} tld
 * @param {string} tldUnicode
 * @returns {boolean}
 */
export function isSafeLabel(label, tld, tldUnicode) {
  // What IDNA would have refused or changed: empty, all ASCII, upper case, not NFC, a leading mark.
  if (label === '' || !/[^\0-\x7f]/.test(label)) return false
  if (label !== label.toLowerCase() || label !== label.normalize('NFC') || /^\p{M}/u.test(label)) return false
  if (!ALLOWED().test(label) || DEVIATIONS.test(label)) return false
  if (!tldAllows(label, tld)) return false
  if (repeatsMark(label) || mixesNumbers(label)) return false
  const scripts = resolvedScripts(label)
  if (scripts === 0 && !latinWithCjk(label)) return false
  if (scripts !== 0 && !KANA_EXCEPTIONS.test(label) && !COMBINING_DIACRITICS.test(label)) {
    return !wholeScriptConfusable(label, tld, tldUnicode) && !digitLookalike(label)
  }
  if (digitLookalike(label)) return false
  if (NON_ASCII_LATIN.test(label) && !LGC_ONLY.test(label)) return false
  return !DANGEROUS_PATTERN().test(label)
}

/** @param {string} host */
function asciiHost(host) {
  try {
    return new URL(`http://${host}/`).hostname
  } catch {
    return host
  }
}

/** Each `xn--` label of an ASCII host in Unicode where it is safe, else as it is. */
function unicodeHost(/** @type {string} */ host) {
  const labels = host.split('.')
  const tld = labels[labels.length - 1] || labels[labels.length - 2] || ''
  const tldUnicode = (tld.startsWith('xn--') && decodeLabel(tld)) || tld
  return labels
    .map((label) => {
      if (!label.startsWith('xn--')) return label
      const unicode = decodeLabel(label)
      return unicode !== undefined && isSafeLabel(unicode, tld, tldUnicode) ? unicode : label
    })
    .join('.')
}

/** @param {string} label an `xn--` label */
function decodeLabel(label) {
  try {
    return decodePunycode(label.slice(4))
  } catch {
    return undefined
  }
}

/**
 * `make()`, made on the first call: the patterns below (Unicode properties) take tens of
 * milliseconds to build, and only a host in punycode needs them.
 * @template T
 * @param {() => T} make
 * @returns {() => T}
 */
function once(make) {
  /** @type {{ value: T } | undefined} */
  let made
  return () => (made ??= { value: make() }).value
}

// What a label may be made of: UTS #39's allowed identifier characters, approximately (ASCII
// letters, digits and hyphen; the allowed Latin letters and marks beyond ASCII, listed; Greek,
// Cyrillic, Armenian and Hebrew letters of the allowed ranges; letters, marks and digits of the
// other recommended scripts; the ideographic zero 〇 and the katakana middle dot ・). The lists
// leave out what Chromium takes out of that set (Greek Extended, Cyrillic Extended-B and -C, Latin
// Extended Additional but the Vietnamese letters, Latin Extended-D, caron letters of Pinyin, kra,
// quote-like modifier letters).
const LATIN =
  '\\u00b7\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u0113\\u0116-\\u012b\\u012e-\\u0131\\u0134-\\u0137' +
  '\\u0139-\\u013e\\u0141-\\u0148\\u014a-\\u014d\\u0150-\\u0155\\u0158-\\u0161\\u0164-\\u017e\\u0181' +
  '\\u0186\\u0189\\u018a\\u018e-\\u0192\\u0194\\u0196-\\u0199\\u019d\\u01a0\\u01a1\\u01af\\u01b0' +
  '\\u01b2-\\u01b4\\u01b7\\u01dd\\u01e6-\\u01e9\\u01ee\\u01ef\\u01f8\\u01f9\\u0218-\\u021b\\u0244' +
  '\\u024c\\u024d\\u0253\\u0254\\u0256\\u0257\\u0259\\u025b\\u0263\\u0268\\u0269\\u0272\\u0289' +
  '\\u028b\\u0292\\u0300-\\u0304\\u0306-\\u030c\\u031b\\u0323\\u0326-\\u0328\\u0331\\u1ea0-\\u1ef9'
const GREEK = '\\u0386\\u0388-\\u038a\\u038c\\u038e-\\u03a1\\u03a3-\\u03ce'
const CYRILLIC =
  '\\u0401-\\u040c\\u040e-\\u044f\\u0451-\\u045c\\u045e\\u045f\\u0490-\\u049b\\u049e-\\u04a5' +
  '\\u04a8-\\u04b7\\u04ba-\\u04c0\\u04cf-\\u04d9\\u04dc-\\u04e9\\u04ee-\\u04f5\\u04f8\\u04f9\\u0524\\u0525'
const ARMENIAN_HEBREW = '\\u0531-\\u0556\\u0561-\\u0586\\u05d0-\\u05ea\\u05f3\\u05f4'
/** The recommended scripts (UAX #31) other than Latin, Greek, Cyrillic, Armenian and Hebrew. */
const OTHER_SCRIPTS = [
  'Arab',
  'Thaa',
  'Deva',
  'Beng',
  'Guru',
  'Gujr',
  'Orya',
  'Taml',
  'Telu',
  'Knda',
  'Mlym',
  'Sinh',
  'Thai',
  'Laoo',
  'Tibt',
  'Mymr',
  'Geor',
  'Ethi',
  'Khmr',
  'Hani',
  'Hira',
  'Kana',
  'Hang',
  'Bopo',
]
const ALLOWED = once(
  () =>
    new RegExp(
      `^(?:[a-z0-9-]|[${LATIN}${GREEK}${CYRILLIC}${ARMENIAN_HEBREW}\\u3007\\u30fb]|` +
        `(?=[\\p{L}\\p{M}\\p{Nd}])[${OTHER_SCRIPTS.map((script) => `\\p{scx=${script}}`).join('')}])*$`,
      'u',
    ),
)

/** Characters IDNA 2003 and 2008 treat apart (ß, ς, ZWNJ, ZWJ): never shown in Unicode. */
const DEVIATIONS = /[\u00df\u03c2\u200c\u200d]/u

/** Letters only some top-level domains use: þ and ð (Icelandic), ə (Azerbaijani), · (Catalan `l·l`). */
function tldAllows(/** @type {string} */ label, /** @type {string} */ tld) {
  if (label.length > 1 && tld !== 'is' && /[\u00fe\u00f0]/u.test(label)) return false
  if (label.length > 1 && tld !== 'az' && label.includes('\u0259')) return false
  if (!label.includes('\u00b7')) return true
  return tld === 'cat' && !/^\u00b7|\u00b7$|[^l]\u00b7|\u00b7[^l]/u.test(label)
}

/** The same combining mark twice in a row (drawn once: invisible), once decomposed. */
function repeatsMark(/** @type {string} */ label) {
  return /(\p{Mn})\p{Mn}*\1/u.test(label.normalize('NFD'))
}

/** Digits of more than one numbering system (`1` and `١`). */
function mixesNumbers(/** @type {string} */ label) {
  let zero
  for (const match of label.matchAll(/\p{Nd}/gu)) {
    const code = match[0].codePointAt(0) ?? 0
    // Digit runs are ten long (some follow each other): a digit's zero is ten-aligned in its run.
    let start = code
    while (start > 0 && /\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--
    const own = start + Math.floor((code - start) / 10) * 10
    if (zero !== undefined && own !== zero) return true
    zero = own
  }
  return false
}

// Scripts as bits (UTS #39's augmented script sets): Han counts as Chinese, Japanese and Korean
// writing, Hiragana and Katakana as Japanese, Hangul as Korean, Bopomofo as Chinese.
const HANB = 1 << 0
const JPAN = 1 << 1
const KORE = 1 << 2
const CJK = HANB | JPAN | KORE
const ALL = 0x7fffffff
/** @type {() => Array<[RegExp, number]>} */
const SCRIPT_BITS = once(() =>
  [
    ['Latn', 'Grek', 'Cyrl', 'Armn', 'Hebr'],
    OTHER_SCRIPTS.filter((script) => !['Hani', 'Hira', 'Kana', 'Hang', 'Bopo'].includes(script)),
  ]
    .flat()
    .map(
      (script, index) =>
        /** @type {[RegExp, number]} */ ([new RegExp(`\\p{scx=${script}}`, 'u'), 1 << (index + 3)]),
    )
    .concat([
      [/\p{scx=Hani}/u, HANB | JPAN | KORE],
      [/\p{scx=Hira}/u, JPAN],
      [/\p{scx=Kana}/u, JPAN],
      [/\p{scx=Hang}/u, KORE],
      [/\p{scx=Bopo}/u, HANB],
    ]),
)
/** Latin's bit: the first of SCRIPT_BITS. */
const LATN = 1 << 3

/** A character's augmented script set; every script for Common and Inherited ones (digits, `-`, marks). */
function scriptsOf(/** @type {string} */ character) {
  let bits = 0
  for (const [pattern, bit] of SCRIPT_BITS()) if (pattern.test(character)) bits |= bit
  return bits === 0 ? ALL : bits
}

/** The scripts every character of `label` is written in (0 when they have none in common). */
function resolvedScripts(/** @type {string} */ label) {
  let bits = ALL
  for (const character of label) bits &= scriptsOf(character)
  return bits
}

/** Latin with one logical CJK script (UTS #39's highly restrictive level). */
function latinWithCjk(/** @type {string} */ label) {
  let bits = ALL
  for (const character of label) {
    const own = scriptsOf(character)
    if ((own & LATN) === 0) bits &= own
  }
  return (bits & CJK) !== 0
}

const KANA_EXCEPTIONS = /[\u3078-\u307a\u30d8-\u30da\u30fb-\u30fe]/u
const COMBINING_DIACRITICS = /[\u0300-\u0339]/u
const NON_ASCII_LATIN = /(?![a-z])\p{sc=Latn}/u
const LGC_ONLY = /^(?:[\p{sc=Latn}\p{sc=Grek}\p{sc=Cyrl}0-9-]|[\u0300-\u0339])*$/u

/**
 * Scripts with letters that look Latin (lower case), and the top-level domains where a label of
 * only such letters is expected; a top-level domain in the script itself is one too.
 * @type {() => Array<{ script: RegExp, lookalikes: string, tlds: string[] }>}
 */
const WHOLE_SCRIPT_CONFUSABLES = once(() =>
  [
    ['Armn', 'ագզէլհյոսւօՙ', ['am']],
    ['Cyrl', 'аысԁеԍһіюјӏорԗԛѕԝхуъьҽпгѵѡ', ['bg', 'by', 'kz', 'pyc', 'ru', 'su', 'ua', 'uz']],
    ['Ethi', 'ሀሠሰስበነተከዐዕዘጠፐꬅ', ['er', 'et']],
    ['Geor', 'იოყძხჽჿ', ['ge']],
    ['Grek', 'αικνρυωηοτ', ['gr']],
    ['Hebr', 'דוחיןסװײ׳ﬦ', ['il']],
    ['Beng', '০৭', []],
    ['Deva', 'ऽ०ॱ', []],
    ['Gujr', 'ડટ૦૧', []],
    ['Guru', '੦੧', []],
    ['Knda', 'ಽ೦೧', []],
    ['Mlym', 'ടഠധനറ൦', []],
    ['Orya', 'ଠ୦୮', []],
    ['Taml', 'டப௦', []],
    ['Telu', '౦౧', []],
    ['Mymr', 'ခဂငထပဝ၀၂ၔၜ\u1090\u1091\u1095\u1096\u1097', ['mm']],
    // Chromium's larger (Linux) set: the fonts there draw more of these like Latin letters.
    ['Thai', 'ทนบพรหเแ๐ดลปฟม', ['th']],
  ].map(([script, lookalikes, tlds]) => ({
    script: new RegExp(`\\p{sc=${script}}`, 'u'),
    lookalikes: /** @type {string} */ (lookalikes),
    tlds: /** @type {string[]} */ (tlds),
  })),
)

/** A label whose letters of one script all look Latin, under a top-level domain not of that script. */
function wholeScriptConfusable(
  /** @type {string} */ label,
  /** @type {string} */ tld,
  /** @type {string} */ tldUnicode,
) {
  for (const { script, lookalikes, tlds } of WHOLE_SCRIPT_CONFUSABLES()) {
    const letters = [...label].filter((character) => script.test(character))
    if (letters.length === 0 || !letters.every((letter) => lookalikes.includes(letter))) continue
    if (![...tldUnicode].some((character) => script.test(character)) && !tlds.includes(tld)) return true
  }
  return false
}

const DIGIT_LOOKALIKES = 'θ२২੨૨೩೭շзҙӡउওਤ੩૩౩ဒვპੜ੫丩ㄐճ৪੪୫૭୨౨'

/** A label of only digits and letters that look like digits (`зо` for 30). */
function digitLookalike(/** @type {string} */ label) {
  let lookalike = false
  for (const character of label) {
    if (character >= '0' && character <= '9') continue
    if (!DIGIT_LOOKALIKES.includes(character)) return false
    lookalike = true
  }
  return lookalike
}

const JAPANESE = '\\p{scx=Kana}\\p{scx=Hira}\\p{scx=Hani}'
const CJK_LOOKALIKES =
  '\\u4e00\\u3127\\u4e28\\u4e5b\\u4e03\\u4e05\\u5341\\u3007\\u3112\\u311a\\u311f\\u3128\\u3129\\u3108\\u31ba\\u31b3\\u5de5\\u31b2\\u8ba0\\u4e01'
/**
 * Sequences Chromium refuses in a label of allowed characters: kana that look like slashes between
 * other scripts, kana marks out of context, CJK ideographs that look like Latin letters or
 * punctuation next to other scripts, marks after letters they do not belong to, `i̇`.
 */
const DANGEROUS_PATTERN = once(
  () =>
    new RegExp(
      [
        `[^${JAPANESE}][\\u30ce\\u30f3\\u30bd\\u30be\\u4e36\\u4e40\\u4e41\\u4e3f][^${JAPANESE}]`,
        '[^\\p{scx=Kana}][\\u30fd\\u30fe]|^[\\u30fd\\u30fe]',
        '^\\p{scx=Kana}+[\\u3078-\\u307a]\\p{scx=Kana}+$',
        '^\\p{scx=Hira}+[\\u30d8-\\u30da]\\p{scx=Hira}+$',
        '[^\\p{scx=Kana}\\p{scx=Hira}]\\u30fc|^\\u30fc',
        '[a-z]\\u30fb|\\u30fb[a-z]',
        `[^${JAPANESE}\\p{scx=Bopo}][${CJK_LOOKALIKES}]|[${CJK_LOOKALIKES}][^${JAPANESE}\\p{scx=Bopo}]`,
        '[^\\p{scx=Latn}\\p{scx=Grek}\\p{scx=Cyrl}][\\u0300-\\u0339]',
        '\\u0131[\\u0300-\\u0339]',
        '\\u3099|\\u309a',
        '[ijl]\\u0307',
      ].join('|'),
      'u',
    ),
)

/**
 * A punycode label's Unicode (RFC 3492): the browser keeps hosts in ASCII and has no decoder to
 * call. Throws on a malformed one.
 * @param {string} input
 */
function decodePunycode(input) {
  const base = 36
  let n = 128
  let i = 0
  let bias = 72
  const output = []
  const basic = input.lastIndexOf('-')
  for (let j = 0; j < (basic < 0 ? 0 : basic); j++) output.push(input.charCodeAt(j))
  for (let index = basic < 0 ? 0 : basic + 1; index < input.length;) {
    const oldi = i
    for (let w = 1, k = base; ; k += base) {
      if (index >= input.length) throw new Error('bad punycode')
      const code = input.charCodeAt(index++)
      const digit =
        code - 48 < 10 ? code - 22 : code - 65 < 26 ? code - 65 : code - 97 < 26 ? code - 97 : base
      if (digit >= base) throw new Error('bad punycode')
      i += digit * w
      const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias
      if (digit < t) break
      w *= base - t
    }
    const length = output.length + 1
    bias = adapt(i - oldi, length, oldi === 0)
    n += Math.floor(i / length)
    if (n > 0x10ffff) throw new Error('bad punycode')
    i %= length
    output.splice(i++, 0, n)
  }
  return String.fromCodePoint(...output)
}

/**
 * @param {number} delta
 * @param {number} points
 * @param {boolean} first
 */
function adapt(delta, points, first) {
  let k = 0
  delta = first ? Math.floor(delta / 700) : delta >> 1
  delta += Math.floor(delta / points)
  for (; delta > 455; k += 36) delta = Math.floor(delta / 35)
  return Math.floor(k + (36 * delta) / (delta + 38))
}
