/** The phone page's language: the first of the phone's languages the page speaks, else English. */
export type PhoneLanguage = 'en' | 'zh-Hant' | 'ja';

/** One of the browser's language tags as a language of the page, or undefined when the page does not speak it. */
function languageOf(tag: string): PhoneLanguage | undefined {
  const lower = tag.toLowerCase();
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  if (lower === 'ja' || lower.startsWith('ja-')) return 'ja';
  // Traditional Chinese: written so, or the regions that write it; Simplified Chinese is not offered as Traditional.
  if (/^zh-(hant|tw|hk|mo)\b/.test(lower)) return 'zh-Hant';
  return undefined;
}

export function pickLanguage(preferred: readonly string[]): PhoneLanguage {
  for (const tag of preferred) {
    const language = languageOf(tag);
    if (language !== undefined) return language;
  }
  return 'en';
}
