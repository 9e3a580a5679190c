import { useTranslation } from 'react-i18next';
import './LeftOutNote.css';

/**
 * "3 explicit tracks left out" under a list the one on screen sees without them. Not focusable: the list names it as
 * its description (aria-describedby), so a screen reader says it with the list, and the remote never stops on it.
 */
export function LeftOutNote({ id, count }: { id: string; count: number | undefined }) {
  const { t } = useTranslation();
  if (count === undefined || count <= 0) return null;
  return (
    <p id={id} className="detail-left-out">
      {t('detail.explicitLeftOut', { count })}
    </p>
  );
}

/** The id to describe a list by, when its note is shown. */
export function leftOutId(id: string, count: number | undefined): string | undefined {
  return count !== undefined && count > 0 ? id : undefined;
}
