/** The remote pad: the TV remote's arrows, OK and Back, and "Where am I", each a large labelled button. */
import { useTranslation } from 'react-i18next';
import type { RemoteKey } from '../../../../shared/companion';
import { usePhone } from './context';
import { problemText } from './Failure';
import './RemotePad.css';

const GLYPHS: Partial<Record<RemoteKey, string>> = { up: '▲', down: '▼', left: '◀', right: '▶' };
/** The pad's cells, row by row; undefined leaves a cell empty. */
const PAD: ReadonlyArray<ReadonlyArray<RemoteKey | undefined>> = [
  [undefined, 'up', undefined],
  ['left', 'ok', 'right'],
  [undefined, 'down', undefined],
];

export function RemotePad() {
  const { t } = useTranslation();
  const { api, say } = usePhone();
  const press = async (key: RemoteKey): Promise<void> => {
    const answer = await api.remote(key);
    if (!answer.ok) say(answer.problem.kind === 'unreachable' ? t('actions.failed') : problemText(answer.problem, t));
  };
  const button = (key: RemoteKey) => (
    <button key={key} type="button" className={`key key-${key}`} onClick={() => void press(key)}>
      {GLYPHS[key] !== undefined ? <span aria-hidden="true">{GLYPHS[key]} </span> : null}
      <span className={GLYPHS[key] !== undefined ? 'key-name' : undefined}>{t(`remote.${key}`)}</span>
    </button>
  );
  return (
    <section className="remote" aria-labelledby="remote-heading">
      <h2 id="remote-heading">{t('remote.heading')}</h2>
      <div className="pad">
        {PAD.flat().map((key, i) => (key === undefined ? <span key={`gap-${i}`} className="gap" /> : button(key)))}
      </div>
      <div className="pad-extra">
        {button('back')}
        {button('where-am-i')}
      </div>
    </section>
  );
}
