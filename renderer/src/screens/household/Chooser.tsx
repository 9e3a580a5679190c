import { FocusContext, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useMemo, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { GUEST_KEY, MAX_MEMBERS, type HouseholdView, type MemberSummary, type UiError } from '../../../../shared/bridge';
import { FocusButton } from '../../components/FocusButton';
import { LeaveOnBack, PointerBack } from '../../components/LeaveDialog';
import { errorText } from '../../i18n/errorText';
import { listNavigation } from '../../input/navigation';
import { useApp, useTunewall } from '../../store/context';
import { ProfileTile, type ProfileTileProps } from './ProfileTile';
import { usePinGate } from './usePinGate';
import { ADD_KEY, CHOOSER_KEY, MANAGE_KEY, ROW_KEY, profileFocusKey } from './chooserKeys';
import { MemberSignOutDialog } from './MemberSignOutDialog';
import { useChooserBack, useChooserFocus } from './useChooserFocus';
import { useChooseProfile } from './useChooseProfile';
import './Chooser.css';

export { ADD_KEY, CHOOSER_KEY, profileFocusKey };

type Tile = Omit<ProfileTileProps, 'label' | 'onSelect'> & { key: string; member: MemberSummary | undefined };

/** The chooser's tiles: the members, the guest last, then "Add a member" while there is room (not when signing out). */
function tilesOf(t: TFunction, household: HouseholdView, signingOut: boolean): Tile[] {
  const tiles: Tile[] = household.members.map((member) => ({
    key: member.key,
    focusKey: profileFocusKey(member.key),
    name: member.name || t('household.unnamed'),
    images: member.images,
    badges: [...(member.child ? [t('household.child')] : []), ...(member.needsPairing ? [t('household.signInAgain')] : [])],
    kind: 'member',
    marked: signingOut,
    member,
  }));
  if (signingOut) return tiles;
  if (household.guest.available) {
    tiles.push({
      key: GUEST_KEY,
      focusKey: profileFocusKey(GUEST_KEY),
      name: t('household.guest'),
      images: [],
      badges: household.guest.child ? [t('household.child')] : [],
      kind: 'guest',
      member: undefined,
    });
  }
  if (household.members.length < MAX_MEMBERS) {
    tiles.push({ key: ADD_KEY, focusKey: ADD_KEY, name: t('household.add'), images: [], badges: [], kind: 'add', member: undefined });
  }
  return tiles;
}

/** The row of profiles, inside the screen's focus context: Left and Right go along it by order, Down leaves it. */
function ProfileRow({ keys, children }: { keys: readonly string[]; children: ReactNode }) {
  const resolver = useMemo(() => listNavigation('horizontal', () => keys), [keys]);
  const { ref, focusKey } = useFocusable({ focusKey: ROW_KEY, trackChildren: true, saveLastFocusedChild: true, nextFocusResolver: resolver });
  return (
    <FocusContext.Provider value={focusKey}>
      <div ref={ref} className="profiles" role="group" aria-labelledby="chooser-title">
        {children}
      </div>
    </FocusContext.Provider>
  );
}

/**
 * "Who's listening?": shown at start when several members are signed in (`root`), and over any screen from the header's
 * avatar. One press on a name puts them on screen; signing one out is a mode of its own ("Sign out a member", as TV
 * apps' "Manage profiles"), so the row stays one tile per person and a stray OK never signs anyone out.
 */
export function Chooser({ root }: { root: boolean }) {
  const { t } = useTranslation();
  const { bridge, nav } = useTunewall();
  const household = useApp((s) => s.state?.household);
  const [signingOut, setSigningOut] = useState(false);
  const [confirm, setConfirm] = useState<MemberSummary | undefined>(undefined);
  const [error, setError] = useState<UiError | undefined>(undefined);
  const gate = usePinGate();
  const { choose, pinDialog } = useChooseProfile(setError);
  const report = (result: { ok: true } | { ok: false; error: UiError }): void => setError(result.ok ? undefined : result.error);

  const tiles = useMemo(() => (household === undefined ? [] : tilesOf(t, household, signingOut)), [t, household, signingOut]);
  const tileKeys = useMemo(() => tiles.map((tile) => tile.focusKey), [tiles]);
  const screenResolver = useMemo(() => listNavigation('vertical', () => [ROW_KEY, MANAGE_KEY]), []);
  const { ref, focusKey } = useFocusable({ focusKey: CHOOSER_KEY, trackChildren: true, nextFocusResolver: screenResolver });

  useChooserFocus(nav, tileKeys, signingOut, household?.lastChosen);
  useChooserBack(nav, signingOut, root, setSigningOut);

  if (household === undefined) return null;

  const select = (tile: Tile): void => {
    setError(undefined);
    if (tile.key === ADD_KEY) {
      gate.guard((pin) => bridge.addMember(pin), report);
    } else if (signingOut) {
      setConfirm(tile.member);
    } else if (!root && tile.key === household.active) {
      nav.getState().pop();
    } else {
      choose(tile.key);
    }
  };
  const count = tiles.length;
  const members = household.members.length;

  return (
    <FocusContext.Provider value={focusKey}>
      <main ref={ref} className="screen chooser" aria-labelledby="chooser-title">
        {!root && <PointerBack />}
        <h1 id="chooser-title" className="chooser-title">
          {signingOut ? t('household.signOutTitle') : t('household.title')}
        </h1>
        <p className="chooser-hint">{signingOut ? t('household.signOutHint') : ' '}</p>
        <ProfileRow keys={tileKeys}>
          {tiles.map((tile, index) => (
            <ProfileTile
              key={tile.focusKey}
              focusKey={tile.focusKey}
              name={tile.name}
              images={tile.images}
              badges={tile.badges}
              kind={tile.kind}
              marked={tile.marked}
              label={[signingOut ? t('household.signOutName', { name: tile.name }) : tile.name, ...tile.badges, t('a11y.position', { index: index + 1, count })].join(', ')}
              onSelect={() => select(tile)}
            />
          ))}
        </ProfileRow>
        <p className="chooser-error" role="status">
          {error !== undefined ? errorText(t, error) : ''}
        </p>
        {members > 0 && (
          <div className="chooser-actions">
            <FocusButton focusKey={MANAGE_KEY} onSelect={() => setSigningOut((on) => !on)}>
              {signingOut ? t('household.done') : t('household.signOutMember')}
            </FocusButton>
          </div>
        )}
        {root && !signingOut && <LeaveOnBack />}
        {confirm !== undefined && (
          <MemberSignOutDialog
            name={confirm.name}
            onCancel={() => setConfirm(undefined)}
            onConfirm={() => {
              setConfirm(undefined);
              if (household.members.length <= 1) setSigningOut(false);
              gate.guard((pin) => bridge.signOutMember(confirm.key, pin), report);
            }}
          />
        )}
        {gate.dialog}
        {pinDialog}
      </main>
    </FocusContext.Provider>
  );
}
