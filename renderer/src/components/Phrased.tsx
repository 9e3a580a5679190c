import { Fragment } from 'react';
import { useContentLang } from '../i18n/contentLang';
import { useUiLanguage } from '../i18n/uiLanguage';

/** A run of Japanese longer than this many characters may be a compound wider than its line ("総合リアルタイムランキング"). */
const LONG_RUN = 8;
const words = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('ja', { granularity: 'word' }) : undefined;

/**
 * Where a long Japanese run may break: between its words (ICU's dictionary), so a compound too wide for one line breaks
 * as "総合リアルタイム / ランキング" rather than "総合リアルタイムラ / ンキング". Chromium's auto-phrase keeps such a
 * compound whole as one phrase and, when it does not fit, breaks it anywhere.
 */
export function wordBreaks(text: string): string[][] {
  return text.split(/(\s+)/).map((run) =>
    words === undefined || run.length <= LONG_RUN || /\s/.test(run) ? [run] : Array.from(words.segment(run), (s) => s.segment),
  );
}

/**
 * Catalog text (a title, a name), with break opportunities between the words of its long Japanese runs. Its language:
 * `lang` when given, else the territory's, else the interface's.
 */
export function Phrased({ text, lang: given }: { text: string; lang?: string | undefined }) {
  const ui = useUiLanguage();
  const content = useContentLang();
  const lang = given ?? content ?? ui;
  if (lang !== 'ja') return <>{text}</>;
  return (
    <>
      {wordBreaks(text).map((run, i) => (
        <Fragment key={i}>
          {run.map((word, j) => (
            <Fragment key={j}>
              {j > 0 && <wbr />}
              {word}
            </Fragment>
          ))}
        </Fragment>
      ))}
    </>
  );
}
